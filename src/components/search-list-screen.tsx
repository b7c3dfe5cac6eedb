import type { UseQueryResult } from '@tanstack/react-query';
import type { LinkProps } from '@tanstack/react-router';
import type { RowData } from '@tanstack/react-table';
import type { TableData } from '#src/contract/common.ts';
import type { ListSearch } from '#src/lib/list-search.ts';
import { Breadcrumb } from './breadcrumb.tsx';
import { Card } from './card.tsx';
import { DataTable, type ListColumn } from './data-table/data-table.tsx';
import { useShownList } from './data-table/use-shown-list.ts';
import { AddLink } from './list-links.tsx';
import { ListSearchBox } from './list-search-box.tsx';

type Props<Row extends RowData> = {
  /** Plural name: the breadcrumb, the title ("… List") and the table's caption. */
  name: string;
  search: ListSearch;
  /** The route's useListSearchChange: the search box and the page size write the URL through it. */
  onSearchChange: (patch: Partial<ListSearch>) => void;
  list: UseQueryResult<TableData<Row>>;
  /** Stable (module scope); the screen's guard already lets only those who may edit through. */
  columns: ListColumn<Row>[];
  add: { to: LinkProps['to']; label: string };
};

/** The brands, series and users lists: breadcrumb, a titled card with its add icon, the table. */
export function SearchListScreen<Row extends RowData>({ name, search, onSearchChange, list, columns, add }: Props<Row>) {
  const shown = useShownList(list);
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
