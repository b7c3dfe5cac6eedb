import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Breadcrumb } from '#src/components/breadcrumb.tsx';
import { Card } from '#src/components/card.tsx';
import { DataTable } from '#src/components/data-table/data-table.tsx';
import { useShownList } from '#src/components/data-table/use-shown-list.ts';
import { filterRowClass } from '#src/components/filter-field.tsx';
import { ListSearchBox } from '#src/components/list-search-box.tsx';
import { quotesListQuery } from '#src/features/quotes/api.ts';
import { quoteColumns } from '#src/features/quotes/quote-columns.tsx';
import { StatusFilter } from '#src/features/quotes/quotes-filters.tsx';
import { quotesSearchSchema } from '#src/features/quotes/search.ts';
import { openDefaultView } from '#src/features/views/default-view.ts';
import { ListViewsActions } from '#src/features/views/list-views.tsx';
import { useShownColumns } from '#src/features/views/shown-columns.ts';
import { listRoute } from '#src/lib/list-route.ts';
import { useListSearchChange } from '#src/lib/use-list-search-change.ts';
import { useSessionUser } from '#src/lib/use-session-user.ts';

export const Route = createFileRoute('/_app/quotes/')({
  ...listRoute(quotesSearchSchema, quotesListQuery),
  beforeLoad: (entry): Promise<void> => openDefaultView('quotes', quotesSearchSchema, '/quotes', Route, entry),
  component: QuotesList,
});

function QuotesList() {
  const user = useSessionUser();
  const search = Route.useSearch();
  const onSearchChange = useListSearchChange(Route.id);
  const list = useShownList(useQuery(quotesListQuery(search)));
  const columns = useShownColumns('quotes', user, quoteColumns, search.columns);
  return (
    <>
      <Breadcrumb items={[{ label: 'Dashboard', to: '/' }, { label: 'Quotes' }]} />
      <Card
        title="Quotes"
        actions={<ListViewsActions screen="quotes" to="/quotes" schema={quotesSearchSchema} search={search} user={user} />}
      >
        <DataTable
          list={list}
          columns={columns}
          perPage={search.per_page}
          onSearchChange={onSearchChange}
          caption="Quotes"
          toolbar={
            <div className={filterRowClass}>
              <StatusFilter value={search.status} onChange={(status) => onSearchChange({ status })} />
              <ListSearchBox value={search.search} onSearchChange={onSearchChange} />
            </div>
          }
        />
      </Card>
    </>
  );
}
