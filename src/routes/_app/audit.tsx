import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { guardScreen } from '#src/app/guard.tsx';
import { Breadcrumb } from '#src/components/breadcrumb.tsx';
import { Card } from '#src/components/card.tsx';
import { DataTable } from '#src/components/data-table/data-table.tsx';
import { useShownList } from '#src/components/data-table/use-shown-list.ts';
import { auditListQuery } from '#src/features/audit/api.ts';
import { auditColumns } from '#src/features/audit/audit-columns.tsx';
import { AuditFilters } from '#src/features/audit/audit-filters.tsx';
import { auditSearchSchema } from '#src/features/audit/search.ts';
import { openDefaultView } from '#src/features/views/default-view.ts';
import { ListViewsActions } from '#src/features/views/list-views.tsx';
import { useShownColumns } from '#src/features/views/shown-columns.ts';
import { listRouteSearch } from '#src/lib/list-search.ts';
import { useListSearchChange } from '#src/lib/use-list-search-change.ts';
import { useSessionUser } from '#src/lib/use-session-user.ts';

export const Route = createFileRoute('/_app/audit')({
  ...guardScreen('audit', (entry): Promise<void> => openDefaultView('audit', auditSearchSchema, '/audit', Route, entry)),
  ...listRouteSearch(auditSearchSchema),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(auditListQuery(deps)),
  component: AuditLog,
});

function AuditLog() {
  const user = useSessionUser();
  const search = Route.useSearch();
  const onSearchChange = useListSearchChange(Route.id);
  const list = useShownList(useQuery(auditListQuery(search)));
  const columns = useShownColumns('audit', user, auditColumns, search.columns);
  return (
    <>
      <Breadcrumb items={[{ label: 'Dashboard', to: '/' }, { label: 'Audit Log' }]} />
      <Card
        title="Audit Log"
        actions={<ListViewsActions screen="audit" to="/audit" schema={auditSearchSchema} search={search} user={user} />}
      >
        <AuditFilters search={search} onSearchChange={onSearchChange} />
        <DataTable list={list} columns={columns} perPage={search.per_page} onSearchChange={onSearchChange} caption="Audit Log" />
      </Card>
    </>
  );
}
