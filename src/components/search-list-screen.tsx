import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { LinkProps } from '@tanstack/react-router';
import type { RowData } from '@tanstack/react-table';
import type { TableData } from '#src/contract/common.ts';
import type { ListSearch } from '#src/lib/list-search.ts';
import { useListSearchChange, type RouteId } from '#src/lib/use-list-search-change.ts';
import { Breadcrumb } from './breadcrumb.tsx';
import { Card } from './card.tsx';
import { DataTable, type ListColumn } from './data-table/data-table.tsx';
import { useShownList } from './data-table/use-shown-list.ts';
import { AddLink } from './list-links.tsx';
import { ListSearchBox } from './list-search-box.tsx';

type Props<Row extends RowData, Key extends QueryKey> = {
  /** The list's route: its URL holds the page, the page size and the search. */
  route: { id: RouteId; useSearch: () => ListSearch };
  /** Plural name: the breadcrumb, the title ("… List") and the table's caption. */
  name: string;
  /** The page the URL asks for (the one the route's loader started). */
  query: (search: ListSearch) => UseQueryOptions<TableData<Row>, Error, TableData<Row>, Key>;
  /** Stable (module scope); the screen's guard already lets only those who may edit through. */
  columns: ListColumn<Row>[];
  add: { to: LinkProps['to']; label: string };
};

/** The brands, series and users lists: breadcrumb, a titled card with its add icon, the table. */
export function SearchListScreen<Row extends RowData, Key extends QueryKey>({ route, name, query, columns, add }: Props<Row, Key>) {
  const search = route.useSearch();
  const onSearchChange = useListSearchChange(route.id);
  const shown = useShownList(useQuery(query(search)));
  return (
    <>
      <Breadcrumb items={[{ label: 'Dashboard', to: '/' }, { label: name }]} />
      <Card title={`${name} List`} actions={<AddLink to={add.to} label={add.label} />}>
        <DataTable
          list={shown}
          columns={columns}
          perPage={search.per_page}
          onSearchChange={onSearchChange}
          caption={name}
          toolbar={<ListSearchBox value={search.search} onSearchChange={onSearchChange} />}
        />
      </Card>
    </>
  );
}
