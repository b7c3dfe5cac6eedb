import type { AuditValue } from '#src/contract/audit.ts';
import type { BulkPreview, BulkPreviewRow } from '#src/contract/bulk-update.ts';
import { EmptyRow } from '#src/components/data-table/empty-row.tsx';
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
    <section aria-label="Preview" className="mt-4">
      <ul aria-label="Summary" className="mb-3 flex flex-wrap gap-4 text-sm">
        <li>Update: {summary.update}</li>
        <li>Unchanged: {summary.unchanged}</li>
        <li className={summary.error > 0 ? 'font-semibold text-red-700' : undefined}>Error: {summary.error}</li>
      </ul>
      {rows.length < preview.rows.length && (
        <p className="mb-2 text-sm text-slate-600">
          {PREVIEW_ROWS_SHOWN} of {preview.rows.length} models are shown, those in error first.
        </p>
      )}
      <div className="overflow-x-auto rounded border border-slate-200">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">Preview of the changes</caption>
          <thead className="bg-slate-100 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className="px-3 py-2">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
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
          </tbody>
        </table>
      </div>
    </section>
  );
}
