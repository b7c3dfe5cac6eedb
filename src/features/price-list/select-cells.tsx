import { createColumnHelper } from '@tanstack/react-table';
import type { ListColumn, listFeatures } from '#src/components/data-table/data-table.tsx';
import type { ModelRow } from '#src/contract/models.ts';
import { selection, useAllSelected, useIsSelected } from './selection.ts';

const column = createColumnHelper<typeof listFeatures, ModelRow>();
const boxClass = 'h-4 w-4 accent-brand';
const PAGE_LABEL = 'Select every model on this page';
const rowLabel = (row: ModelRow) => `Select ${row.brandName} ${row.seriesName} ${row.modelName}`;

/** A row's checkbox: it alone re-renders when its row is ticked. */
export function SelectRow({ row }: { row: ModelRow }) {
  const checked = useIsSelected(row.id);
  return (
    <input
      type="checkbox"
      className={boxClass}
      aria-label={rowLabel(row)}
      checked={checked}
      onChange={(event) => selection.toggle(row, event.target.checked)}
    />
  );
}

function SelectPage({ rows, id }: { rows: readonly ModelRow[]; id?: string }) {
  const checked = useAllSelected(rows);
  return (
    <input
      type="checkbox"
      className={boxClass}
      id={id}
      aria-label={id ? undefined : PAGE_LABEL}
      checked={checked}
      disabled={rows.length === 0}
      onChange={(event) => selection.setAll(rows, event.target.checked)}
    />
  );
}

/** The selection column of every role (docs/design.md §8.1); never printed. */
export const selectColumn: ListColumn<ModelRow> = column.display({
  id: 'select',
  header: (info) => <SelectPage rows={info.table.options.data} />,
  meta: { printHidden: true },
  cell: (info) => <SelectRow row={info.row.original} />,
});

/** The page's checkbox where rows are cards (below 640 px): the table has it in its header row. */
export function SelectPageOfCards({ rows }: { rows: readonly ModelRow[] }) {
  return (
    <label htmlFor="select-page-cards" className="mb-3 flex items-center gap-2 text-sm print:hidden">
      <SelectPage rows={rows} id="select-page-cards" />
      {PAGE_LABEL}
    </label>
  );
}
