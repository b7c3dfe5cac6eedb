import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { guardScreen } from '#src/app/guard.tsx';
import { Breadcrumb } from '#src/components/breadcrumb.tsx';
import { Card } from '#src/components/card.tsx';
import { CloseLink } from '#src/components/close-link.tsx';
import { DataTable } from '#src/components/data-table/data-table.tsx';
import { useShownList } from '#src/components/data-table/use-shown-list.ts';
import { modelLogsQuery, modelQuery } from '#src/features/models/api.ts';
import { logColumns, ModelSummary, StockLinks } from '#src/features/models/model-logs.tsx';
import { idParam, loadDetailOrLeave } from '#src/lib/detail-loader.ts';
import { listRouteSearch, listSearchSchema } from '#src/lib/list-search.ts';
import { useListSearchChange } from '#src/lib/use-list-search-change.ts';
import { useSessionUser } from '#src/lib/use-session-user.ts';

export const Route = createFileRoute('/_app/models/log-model/$id')({
  ...guardScreen('modelLogs'),
  params: idParam,
  ...listRouteSearch(listSearchSchema()),
  loaderDeps: ({ search }) => search,
  loader: async ({ context, params, deps }) => {
    await loadDetailOrLeave(params.id, () => context.queryClient.ensureQueryData(modelQuery(params.id)));
    // Started, not awaited: another page shows the old rows as busy at once (docs/design.md §7.7).
    void context.queryClient.prefetchQuery(modelLogsQuery(params.id, deps));
  },
  component: ModelLogs,
});

function ModelLogs() {
  const { id } = Route.useParams();
  const search = Route.useSearch();
  const onSearchChange = useListSearchChange(Route.id);
  const user = useSessionUser();
  const { data: model } = useSuspenseQuery(modelQuery(id));
  const logs = useShownList(useQuery(modelLogsQuery(id, search)));
  return (
    <>
      <Breadcrumb items={[{ label: 'Dashboard', to: '/' }, { label: 'Models', to: '/models' }, { label: 'Model Logs' }]} />
      <div className="space-y-4">
        <Card
          title="Model Logs"
          actions={
            <div className="flex flex-wrap items-center gap-2">
              <StockLinks user={user} modelId={model.id} />
              <CloseLink />
            </div>
          }
        >
          <ModelSummary model={model} />
        </Card>
        <Card title="Stock Logs" part>
          <DataTable list={logs} columns={logColumns} perPage={search.per_page} onSearchChange={onSearchChange} caption="Stock Logs" />
        </Card>
      </div>
    </>
  );
}
