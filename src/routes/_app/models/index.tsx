import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { guardScreen } from '#src/app/guard.tsx';
import { useState } from 'react';
import { Breadcrumb } from '#src/components/breadcrumb.tsx';
import { Card } from '#src/components/card.tsx';
import { ActionLink, AddLink } from '#src/components/list-links.tsx';
import { mayAccess } from '#src/domain/access.ts';
import { columnsSeenOf } from '#src/domain/list-columns.ts';
import { modelsListAccess } from '#src/domain/screens.ts';
import { ExchBox } from '#src/features/price-list/exch-box.tsx';
import { ExportButton } from '#src/features/price-list/export-button.tsx';
import { PrintButton } from '#src/features/price-list/print-button.tsx';
import { PrintLine } from '#src/features/price-list/print-line.tsx';
import { usePrintSheet } from '#src/features/price-list/use-print-sheet.ts';
import { ChangesNotice } from '#src/features/price-list/changes-notice.tsx';
import { changesQuery } from '#src/features/price-list/changes-api.ts';
import { modelFilterOptionsQuery, modelsListQuery, modelsRequest, modelsSearchSchema } from '#src/features/price-list/api.ts';
import { ModelsTable } from '#src/features/price-list/models-table.tsx';
import { SelectionBar } from '#src/features/price-list/selection-bar.tsx';
import { useBulkEdit } from '#src/features/price-list/bulk-edit.tsx';
import { QuoteTray } from '#src/features/quotes/quote-tray.tsx';
import { useTray } from '#src/features/quotes/tray-store.ts';
import { settingsQuery } from '#src/features/settings/api.ts';
import { openDefaultView } from '#src/features/views/default-view.ts';
import { ListViews } from '#src/features/views/list-views.tsx';
import { variablesQuery } from '#src/features/variables/api.ts';
import { exchHistorySearch } from '#src/features/variables/history-labels.ts';
import { OfflineModelsList } from '#src/features/offline/offline-models-list.tsx';
import { SavedSheetKeeper } from '#src/features/offline/sheet-keeper.tsx';
import { useShowsSavedSheet } from '#src/features/offline/use-shows-saved-sheet.ts';
import { listRouteSearch } from '#src/lib/list-search.ts';
import { useSessionUser } from '#src/lib/use-session-user.ts';

export const Route = createFileRoute('/_app/models/')({
  ...guardScreen('models', (entry): Promise<void> =>
    // The plain list's rows and the variables its prices need are asked for while the default view
    // is looked up: a call fewer before the list for whoever has none (the loader finds them on their
    // way), one page read for nothing for whoever has one.
    openDefaultView('models', modelsSearchSchema, '/models', Route, entry, (plain) => {
      void entry.context.queryClient.prefetchQuery(modelsListQuery(modelsRequest(plain, entry.context.user)));
      void entry.context.queryClient.prefetchQuery(variablesQuery);
    }),
  ),
  ...listRouteSearch(modelsSearchSchema),
  loaderDeps: ({ search }) => search,
  // Started, not awaited: the screen opens at once and the table shows its spinner (docs/product.md §2).
  loader: ({ context, deps }) => {
    const rows = context.queryClient.fetchQuery(modelsListQuery(modelsRequest(deps, context.user)));
    void context.queryClient.prefetchQuery(modelFilterOptionsQuery);
    void context.queryClient.prefetchQuery(variablesQuery);
    // The printed sheet's heading names the company: loaded now, so printing needs no wait.
    void context.queryClient.prefetchQuery(settingsQuery);
    // What changed since the last visit waits for the rows, and is not asked when they fail: after a
    // rate change it prices every model twice, and sent with "All" it held up All's 10,000 rows on
    // the server (docs/performance.md). A failed read is logged by the rows' own query.
    void rows.then(
      () => context.queryClient.prefetchQuery(changesQuery),
      () => undefined,
    );
  },
  component: ModelsList,
});

function ModelsList() {
  const user = useSessionUser();
  const urlSearch = Route.useSearch();
  const search = modelsRequest(urlSearch, user);
  const columns = (user && columnsSeenOf('models', user, urlSearch.columns)) ?? undefined;
  // What the EXCH box holds, for the list's preview column: screen state, not the URL's, since a
  // half-typed rate is nothing to share or come back to.
  const [typedExch, setTypedExch] = useState('');
  const [trayOpen, setTrayOpen] = useState(false);
  const trayLines = useTray().lines.length;
  const sheet = usePrintSheet(search);
  const bulk = useBulkEdit(user, search);
  const list = useQuery(modelsListQuery(search));
  if (useShowsSavedSheet(user, list.error) && user) return <OfflineModelsList search={search} user={user} columns={columns} />;
  return (
    <>
      {user && <SavedSheetKeeper user={user} listLoaded={list.isSuccess} />}
      <Breadcrumb items={[{ label: 'Dashboard', to: '/' }, { label: 'Models' }]} />
      {mayAccess(user, modelsListAccess.exchBox) && (
        <section
          aria-label="Exchange rate"
          className="mb-4 flex items-start justify-between gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm print:hidden"
        >
          <ExchBox onRateTyped={setTypedExch} />
          <Link to="/variables/history" search={exchHistorySearch} className="py-2 text-sm text-brand underline">
            History
          </Link>
        </section>
      )}
      <ChangesNotice enabled={list.data !== undefined} />
      <Card
        title="Models List"
        actions={
          <div className="flex flex-wrap items-center gap-3 print:hidden">
            {trayLines > 0 && (
              <button type="button" className="text-sm text-brand underline" onClick={() => setTrayOpen(true)}>
                Quote tray ({trayLines})
              </button>
            )}
            {user && <ListViews screen="models" to="/models" schema={modelsSearchSchema} search={urlSearch} user={user} />}
            <ExportButton search={search} columns={columns} />
            <PrintButton sheet={sheet} />
            {mayAccess(user, modelsListAccess.importLink) && <ActionLink to="/models/import">Import</ActionLink>}
            {mayAccess(user, modelsListAccess.addLink) && <AddLink to="/models/add-new-model" label="Add Model" />}
          </div>
        }
      >
        <PrintLine search={search} stamp={sheet.stamp} />
        {bulk.answer}
        <SelectionBar onAdded={() => setTrayOpen(true)} onEdit={bulk.editSelected} />
        <ModelsTable search={search} user={user} typedExch={typedExch} columns={columns} onEditAll={bulk.editAll} />
      </Card>
      {bulk.dialog}
      {trayOpen && <QuoteTray user={user} onClose={() => setTrayOpen(false)} />}
    </>
  );
}
