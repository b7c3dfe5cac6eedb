import { createFileRoute } from '@tanstack/react-router';
import { Breadcrumb } from '#src/components/breadcrumb.tsx';
import { Card } from '#src/components/card.tsx';
import { ActionLink, AddLink } from '#src/components/list-links.tsx';
import { mayAccess } from '#src/domain/access.ts';
import { modelsListAccess } from '#src/domain/screens.ts';
import { ExchBox } from '#src/features/models/exch-box.tsx';
import { modelFilterOptionsQuery, modelsListQuery, modelsSearchSchema } from '#src/features/models/list-api.ts';
import { ModelsTable } from '#src/features/models/models-table.tsx';
import { variablesQuery } from '#src/features/variables/api.ts';
import { useSessionUser } from '#src/lib/use-session-user.ts';

export const Route = createFileRoute('/_app/_level3/models/')({
  validateSearch: modelsSearchSchema,
  loaderDeps: ({ search }) => search,
  // Started, not awaited: the screen opens at once and the table shows its spinner (docs/product.md §2).
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(modelsListQuery(deps));
    void context.queryClient.prefetchQuery(modelFilterOptionsQuery);
    void context.queryClient.prefetchQuery(variablesQuery);
  },
  component: ModelsList,
});

function ModelsList() {
  const search = Route.useSearch();
  const user = useSessionUser();
  return (
    <>
      <Breadcrumb items={[{ label: 'Dashboard', to: '/' }, { label: 'Models' }]} />
      {mayAccess(user, modelsListAccess.exchBox) && (
        <section aria-label="Exchange rate" className="mb-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <ExchBox />
        </section>
      )}
      <Card
        title="Models List"
        actions={
          <span className="flex items-center gap-2">
            {mayAccess(user, modelsListAccess.importLink) && <ActionLink to="/models/import">Import</ActionLink>}
            {mayAccess(user, modelsListAccess.addLink) && <AddLink to="/models/add-new-model" label="Add Model" />}
          </span>
        }
      >
        <ModelsTable search={search} user={user} />
      </Card>
    </>
  );
}
