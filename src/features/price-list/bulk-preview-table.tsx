import type { AuditValue } from '#src/contract/audit.ts';
import type { BulkPreview, BulkPreviewRow } from '#src/contract/bulk-update.ts';
import { EmptyRow } from '#src/components/data-table/empty-row.tsx';
import { PreviewFrame } from '#src/components/preview-frame.tsx';
import { formatUsd } from '#src/domain/format.ts';

// A bulk edit's preview (docs/design.md §8.4): the counts, then each model with what would change
// and what stops it, by the titles the models list gives those columns.

const fieldTitles: Record<string, string> = { modelPriceUsd: 'Price USD', modelIsActive: 'Status', modelMinStock: 'Minimum Stock' };
const shown = (field: string, value: AuditValue) => {
  if (value === null) return '–';
  if (field === 'modelPriceUsd') return formatUsd(value);
  if (field === 'modelIsActive') return value === 1 ? 'Active' : 'Inactive';
  return String(value);
};
const changeText = (changes: BulkPreviewRow['changes']) =>
  Object.entries(changes)
    .map(([field, [old, next]]) => `${fieldTitles[field] ?? field}: ${shown(field, old)} → ${shown(field, next)}`)
    .join(', ');
const errorText = (errors: BulkPreviewRow['errors']) =>
  Object.entries(errors)
    .map(([field, messages]) => `${fieldTitles[field] ?? field}: ${messages.join(' ')}`)
    .join(' ');

/**
 * A dialog is no place for ten thousand rows: this many are drawn, those in error first (they are
 * what Apply would refuse), each part in the list's order; the summary counts every model.
 */
export const PREVIEW_ROWS_SHOWN = 200;

function rowsShown(rows: readonly BulkPreviewRow[]): BulkPreviewRow[] {
  if (rows.length <= PREVIEW_ROWS_SHOWN) return [...rows];
  const inError = rows.filter((row) => Object.keys(row.errors).length > 0);
  const others = rows.filter((row) => Object.keys(row.errors).length === 0);
  return [...inError, ...others].slice(0, PREVIEW_ROWS_SHOWN);
}

const COLUMNS = ['Brand', 'Series', 'Model', 'Changes', 'Errors'];
const cell = 'px-3 py-2 align-top';

export function BulkPreviewTable({ preview }: { preview: BulkPreview }) {
  const { summary } = preview;
  const rows = rowsShown(preview.rows);
  return (
    <PreviewFrame
      className="mt-4"
      counts={[
        { label: 'Update', count: summary.update },
        { label: 'Unchanged', count: summary.unchanged },
        { label: 'Error', count: summary.error, error: true },
      ]}
      caption="Preview of the changes"
      columns={COLUMNS}
      note={
        rows.length < preview.rows.length && (
          <p className="mb-2 text-sm text-slate-600">
            {PREVIEW_ROWS_SHOWN} of {preview.rows.length} models are shown, those in error first.
          </p>
        )
      }
    >
      {rows.length === 0 ? (
        <EmptyRow columns={COLUMNS.length} />
      ) : (
        rows.map((row) => (
          <tr key={row.id} className={Object.keys(row.errors).length > 0 ? 'bg-red-50' : undefined}>
            <td className={cell}>{row.brandName}</td>
            <td className={cell}>{row.seriesName}</td>
            <td className={cell}>{row.modelName}</td>
            <td className={cell}>{changeText(row.changes)}</td>
            <td className={`${cell} text-red-700`}>{errorText(row.errors)}</td>
          </tr>
        ))
      )}
    </PreviewFrame>
  );
}
