import { FlexRender, tableFeatures, useTable, type ColumnHelper, type Row as TableRow, type RowData } from '@tanstack/react-table';
import { Fragment, memo, type ComponentProps, type ReactNode } from 'react';
import { filterRowClass } from '#src/components/filter-field.tsx';
import { Spinner } from '#src/components/spinner.tsx';
import { appMessages } from '#src/contract/app-messages.ts';
import { PHONE_QUERY, useMediaQuery } from '#src/lib/use-media-query.ts';
import { usePrinting } from '#src/lib/use-printing.ts';
import { EmptyRow } from './empty-row.tsx';
import { FailedLine } from './failed-line.tsx';
import { Pagination } from './pagination.tsx';
import { ShowEntries } from './show-entries.tsx';
import type { ShownList } from './use-shown-list.ts';
import { VirtualRows } from './virtual-rows.tsx';

/** What a column tells the table about its layout (docs/design.md §7.7). */
type ListColumnMeta = {
  /** Figures: right-aligned, so their digits line up. */
  numeric?: boolean;
  /** The row's actions: held at the right edge of the screen when the table is wider than it. */
  pinRight?: boolean;
  /** Not on the printed sheet (the models list's selection). */
  printHidden?: boolean;
  /**
   * A column shown only while this hook answers false (it reads a context: the models list's
   * preview of a typed rate). Its cells are kept, hidden, so showing or hiding it re-renders its
   * own cells only: a new column list would re-render every row and relayout the table twice.
   */
  useHidden?: () => boolean;
};

export const listFeatures = tableFeatures({ columnMeta: {} as ListColumnMeta });
/** A list's column, whatever its value type: what the column helper's `columns([...])` holds. */
export type ListColumn<Row extends RowData> = ReturnType<ColumnHelper<typeof listFeatures, Row>['columns']>[number];

type Props<Row extends RowData> = {
  /**
   * The rows as the list shows them (useShownList): the page the server answered (none while the
   * first one loads), whether it loads, and its failure and replacement, said alike in every list.
   */
  list: ShownList<Row>;
  /** Stable (module scope or memoised), so the row model is not rebuilt on every render. */
  columns: ListColumn<Row>[];
  perPage: number | 'all';
  /** Writes a new page size into the URL: the route's useListSearchChange, so it is typed by the route. */
  onSearchChange: (patch: { per_page: number | 'all' }) => void;
  caption?: string;
  toolbar?: ReactNode;
  rowClassName?: (row: Row, index: number) => string | undefined;
  /** A sorted column's `aria-sort`, by column id; nothing for the others. */
  ariaSort?: (columnId: string) => 'ascending' | 'descending' | undefined;
  /**
   * Below 640 px each row as this card, in a list named by the caption, instead of the table (the
   * models list, docs/design.md §8.8); the other lists keep their table, which scrolls sideways in its own box.
   */
  card?: (row: Row) => ReactNode;
  /** Above the cards only (a control the table keeps in its header row, such as the models list's page checkbox). */
  cardsHeading?: ReactNode;
  /**
   * On the printed sheet, a full-width heading row with this name whenever it changes from one row
   * to the next (the models list's brand, docs/design.md §8.8).
   */
  printGroup?: (row: Row) => string;
};

const noRows: never[] = [];

/**
 * The classes a column adds to its header and its cells: figures right-aligned; the first column
 * held at the left edge and the actions at the right while the rows scroll sideways under them
 * (at phone width, inside the table's box), so pinned cells are opaque. Figures and actions never
 * break; the other headers wrap between words.
 */
function columnClass(meta: ListColumnMeta | undefined, first: boolean, background: string): string {
  const pinned = first ? 'sticky left-0' : meta?.pinRight ? 'sticky right-0' : '';
  return [
    meta?.numeric ? 'text-right tabular-nums' : '',
    pinned && `${pinned} ${background}`,
    meta?.printHidden ? 'print:hidden' : '',
  ].join(' ');
}
/**
 * How a body cell breaks: a figure or the actions never do, in smaller type below 1536 px so an
 * admin's every column fits at 1280; a text cell (a name, a note) wraps between words, and inside
 * a word too long for it, so one long name takes lines rather than pushing the figures out of the
 * box (docs/design.md §8.8). A text cell asks the table for no more than 7rem (with the selection
 * column of §8.1, an admin's every column fits at 1280 px so); it gets more when the table has
 * width to spare. Headers wrap between words.
 */
const bodyWrap = (meta: ListColumnMeta | undefined) =>
  meta?.numeric ? 'whitespace-nowrap text-xs 2xl:text-sm' : meta?.pinRight ? 'whitespace-nowrap' : 'max-w-28 break-words';
/**
 * Up to 1536 px a header asks only for its longest word, a line per word if need be: the width it
 * leaves goes to the names, which then break less (docs/design.md §8.8).
 */
const HEADER_WIDTH = 'inline-block w-min 2xl:w-auto';
/** A pinned body cell follows its row's hover colour. */
const BODY_BACKGROUND = 'bg-white group-hover:bg-slate-50';

type BodyRowProps = {
  row: TableRow<typeof listFeatures, RowData>;
  ariaRowIndex: number | undefined;
  className: string;
  // Only compared: the row model may keep a row object when the columns change (the models list's
  // preview column comes and goes), and the row must then draw its new cells.
  columns: unknown;
};

// The row model keeps its row objects while the data and the columns stay, so a render of the
// table for anything else (a new exchange rate, an alert above it) skips every row here; cells
// that read a context of their own (the models list's prices) still follow it.
const BodyRow = memo(function BodyRow({ row, ariaRowIndex, className }: BodyRowProps) {
  return (
    <tr aria-rowindex={ariaRowIndex} className={className}>
      {row.getAllCells().map((cell, index) => {
        const meta = cell.column.columnDef.meta;
        return hideableCell(cell.id, {
          as: 'td',
          useHidden: meta?.useHidden,
          'data-column': cell.column.id,
          className: `px-1.5 py-2 align-baseline ${bodyWrap(meta)} ${columnClass(meta, index === 0, BODY_BACKGROUND)}`,
          children: <FlexRender cell={cell} />,
        });
      })}
    </tr>
  );
});

type HideableCellProps = ComponentProps<'td'> & { as: 'td' | 'th'; useHidden: (() => boolean) | undefined; 'data-column': string };

/**
 * A header or body cell; one of a column with `useHidden` follows it alone (see ListColumnMeta).
 * Called, not rendered: the other cells need no component of their own.
 */
function hideableCell(key: string, { as: Cell, useHidden, ...props }: HideableCellProps) {
  return useHidden ? <FollowedCell key={key} as={Cell} useHidden={useHidden} {...props} /> : <Cell key={key} {...props} />;
}

function FollowedCell({ as: Cell, useHidden, ...props }: HideableCellProps & { useHidden: () => boolean }) {
  return <Cell {...props} hidden={useHidden()} />;
}

/** On the printed sheet, the name the next rows share, across the whole width. */
function GroupRow({ name, columns }: { name: string; columns: number }) {
  return (
    <tr data-group-row className="break-after-avoid bg-slate-50">
      <td colSpan={columns} className="px-1.5 pb-1 pt-3 text-sm font-semibold">
        {name}
      </td>
    </tr>
  );
}

type CardListProps<Row extends RowData> = {
  label: string | undefined;
  rows: TableRow<typeof listFeatures, Row>[];
  card: (row: Row) => ReactNode;
  loading: boolean;
  /** The first read failed: there is nothing to show but the failure line below. */
  gone: boolean;
  busy: boolean;
};

/** The rows as a list of cards, with the table's spinner, empty line and busy state. */
function CardList<Row extends RowData>({ label, rows, card, loading, gone, busy }: CardListProps<Row>) {
  if (loading) return <Spinner />;
  if (gone) return null;
  if (rows.length === 0) return <p className="py-6 text-center text-slate-500">{appMessages.noRecords}</p>;
  return (
    <ul aria-label={label} aria-busy={busy || undefined} className={`space-y-3 transition-opacity ${busy ? 'opacity-40 delay-150' : ''}`}>
      {rows.map((row) => (
        <li key={row.id}>{card(row.original)}</li>
      ))}
    </ul>
  );
}

// Above this many rows only those on screen are rendered: "All" on 10,000 models would otherwise
// put some 300,000 nodes in the page. The short lists stay plain tables with every row.
const VIRTUAL_FROM = 100;

/**
 * Every list's table (docs/product.md §2 "Common list behaviour"): Show Entries, the rows, 'Showing X to
 * Y of Z entries', first/previous/current/next/last paging, 'No Record Found.' and a spinner;
 * the rows kept through a failure with a line saying so, and a busy table while they are replaced
 * (docs/design.md §7.7). A screen only declares its columns.
 */
export function DataTable<Row extends RowData>({
  list: { table, loading, status },
  columns,
  perPage,
  onSearchChange,
  caption,
  toolbar,
  rowClassName,
  ariaSort,
  card,
  cardsHeading,
  printGroup,
}: Props<Row>) {
  const data = table?.data ?? noRows;
  const grid = useTable({ features: listFeatures, columns, data });
  const rows = grid.getRowModel().rows;
  const printing = usePrinting();
  const phone = useMediaQuery(PHONE_QUERY);
  const virtual = rows.length > VIRTUAL_FROM && !printing;
  const busy = status.busy;
  const groups = printing ? printGroup : undefined;
  // A printed sheet is a table at any width.
  const asCards = card !== undefined && phone && !printing;

  const renderRow = (row: TableRow<typeof listFeatures, Row>) => (
    <BodyRow
      key={row.id}
      row={row as TableRow<typeof listFeatures, RowData>}
      ariaRowIndex={virtual ? row.index + 2 : undefined}
      className={rowClassName?.(row.original, row.index) ?? 'group hover:bg-slate-50'}
      columns={columns}
    />
  );

  return (
    <div>
      <div className={`mb-3 justify-between print:hidden ${filterRowClass}`}>
        <ShowEntries value={perPage} onSearchChange={onSearchChange} />
        {toolbar}
      </div>
      {/* From 768 px no overflow of its own: the page is the scroller (virtual-rows.tsx), so the header
          row and the pinned actions stick to the window's edges as it scrolls (docs/design.md §7.7).
          Below, a wide table scrolls sideways in its own box, so the page never does. */}
      <div className={asCards ? 'relative' : 'relative rounded border border-slate-200 max-md:overflow-x-auto'}>
        {asCards && cardsHeading}
        {asCards ? (
          <CardList label={caption} rows={rows} card={card} loading={loading && !table} gone={!table && status.failed} busy={busy} />
        ) : (
          /* With only some rows in the DOM, assistive technology is told the row count and each row's place. */
          <table
            className="min-w-full divide-y divide-slate-200 text-sm"
            aria-rowcount={virtual ? rows.length + 1 : undefined}
            aria-busy={busy || undefined}
          >
            {caption && <caption className="sr-only">{caption}</caption>}
            <thead className="sticky top-0 z-10 bg-slate-100 text-left text-xs font-semibold leading-tight text-slate-600 shadow-[0_1px_0_var(--color-slate-200)]">
              {grid.getHeaderGroups().map((group) => (
                <tr key={group.id} aria-rowindex={virtual ? 1 : undefined}>
                  {group.headers.map((header, index) =>
                    hideableCell(header.id, {
                      as: 'th',
                      useHidden: header.column.columnDef.meta?.useHidden,
                      scope: 'col',
                      'data-column': header.column.id,
                      'aria-sort': ariaSort?.(header.column.id),
                      className: `px-1.5 py-2 align-bottom ${columnClass(header.column.columnDef.meta, index === 0, 'bg-slate-100')}`,
                      children: header.isPlaceholder ? null : (
                        <span className={HEADER_WIDTH}>
                          <grid.FlexRender header={header} />
                        </span>
                      ),
                    }),
                  )}
                </tr>
              ))}
            </thead>
            {/* The old rows dim while new ones are on their way; the delay spares a fast answer the flicker. */}
            <tbody className={`divide-y divide-slate-100 bg-white transition-opacity ${busy ? 'opacity-40 delay-150' : ''}`}>
              {loading && !table ? (
                <tr>
                  <td colSpan={columns.length}>
                    <Spinner />
                  </td>
                </tr>
              ) : !table && status.failed ? null : rows.length === 0 ? (
                <EmptyRow columns={columns.length} />
              ) : virtual ? (
                <VirtualRows rows={rows} columnCount={columns.length} renderRow={renderRow} />
              ) : groups ? (
                rows.map((row, index) => {
                  const group = groups(row.original);
                  const starts = index === 0 || groups(rows[index - 1]!.original) !== group;
                  return (
                    <Fragment key={row.id}>
                      {starts && <GroupRow name={group} columns={columns.length} />}
                      {renderRow(row)}
                    </Fragment>
                  );
                })
              ) : (
                rows.map(renderRow)
              )}
            </tbody>
          </table>
        )}
        {busy && (
          <div className="pointer-events-none absolute inset-0 z-20">
            <div className="sticky top-[40vh]">
              <Spinner />
            </div>
          </div>
        )}
      </div>
      {status.failed && <FailedLine retry={status.retry} />}
      {table && (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600 print:hidden">
          <p>
            Showing {table.from ?? 0} to {table.to ?? 0} of {table.total} entries
          </p>
          <Pagination table={table} />
        </div>
      )}
    </div>
  );
}
