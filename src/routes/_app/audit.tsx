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
import { listRouteSearch } from '#src/lib/list-search.ts';
import { useListSearchChange } from '#src/lib/use-list-search-change.ts';

export const Route = createFileRoute('/_app/audit')({
  ...guardScreen('audit'),
  ...listRouteSearch(auditSearchSchema),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(auditListQuery(deps)),
  component: AuditLog,
});

function AuditLog() {
  const search = Route.useSearch();
  const onSearchChange = useListSearchChange(Route.id);
  const list = useShownList(useQuery(auditListQuery(search)));
  return (
    <>
      <Breadcrumb items={[{ label: 'Dashboard', to: '/' }, { label: 'Audit Log' }]} />
      <Card title="Audit Log">
        <AuditFilters search={search} onSearchChange={onSearchChange} />
        <DataTable list={list} columns={auditColumns} perPage={search.per_page} onSearchChange={onSearchChange} caption="Audit Log" />
      </Card>
    </>
  );
}
