import { tableFeatures, useTable, type ColumnDef, type RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { TableData } from '../../contract/common.ts';
import { Spinner } from '../spinner.tsx';
import { Pagination } from './pagination.tsx';
import { ShowEntries } from './show-entries.tsx';

export const listFeatures = tableFeatures({});
export type ListColumn<Row extends RowData> = ColumnDef<typeof listFeatures, Row, unknown>;

type Props<Row extends RowData> = {
  /** The page the server answered; undefined while the first one loads. */
  table: TableData<Row> | undefined;
  /** Stable (module scope or memoised), so the row model is not rebuilt on every render. */
  columns: ListColumn<Row>[];
  perPage: number | 'all';
  loading: boolean;
  caption?: string;
  toolbar?: ReactNode;
  rowClassName?: (row: Row, index: number) => string | undefined;
};

const noRows: never[] = [];

/**
 * Every list's table (SPEC.md §2 "Common list behaviour"): Show Entries, the rows, 'Showing X to
 * Y of Z entries', first/previous/current/next/last paging, 'No Record Found.' and a spinner.
 * A screen only declares its columns.
 */
export function DataTable<Row extends RowData>({ table, columns, perPage, loading, caption, toolbar, rowClassName }: Props<Row>) {
  const data = table?.data ?? (noRows as Row[]);
  const grid = useTable({ features: listFeatures, columns, data });
  const rows = grid.getRowModel().rows;

  return (
    <div>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <ShowEntries value={perPage === 'all' ? 'all' : perPage} />
        {toolbar}
      </div>
      <div className="overflow-x-auto rounded border border-slate-200">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          {caption && <caption className="sr-only">{caption}</caption>}
          <thead className="bg-slate-100 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            {grid.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col" className="whitespace-nowrap px-3 py-2">
                    {header.isPlaceholder ? null : <grid.FlexRender header={header} />}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-slate-100 bg-white">
            {loading && !table ? (
              <tr>
                <td colSpan={columns.length}>
                  <Spinner />
                </td>
              </tr>
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="px-3 py-6 text-center text-slate-500">
                  No Record Found.
                </td>
              </tr>
            ) : (
              rows.map((row, index) => (
                <tr key={row.id} className={rowClassName?.(row.original, index) ?? 'hover:bg-slate-50'}>
                  {row.getAllCells().map((cell) => (
                    <td key={cell.id} className="whitespace-nowrap px-3 py-2">
                      <grid.FlexRender cell={cell} />
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {table && (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
          <p>
            Showing {table.from ?? 0} to {table.to ?? 0} of {table.total} entries
          </p>
          <Pagination table={table} />
        </div>
      )}
    </div>
  );
}
