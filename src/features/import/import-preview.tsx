import { importColumns, type ImportAction, type ImportColumn, type ImportPreview, type PreviewRow } from '#src/contract/import.ts';
import { EmptyRow } from '#src/components/data-table/empty-row.tsx';
import { PreviewFrame } from '#src/components/preview-frame.tsx';
import { VirtualRows } from '#src/components/data-table/virtual-rows.tsx';

const actionLabels: Record<ImportAction, string> = { create: 'Create', update: 'Update', unchanged: 'Unchanged', error: 'Error' };
// Opaque, every one: the sticky Line cell takes its row's colour (bg-inherit).
const actionStyles: Record<ImportAction, string> = {
  create: 'bg-emerald-50',
  update: 'bg-amber-50',
  unchanged: 'bg-white',
  error: 'bg-red-50',
};

/** A field as the file titles its column. */
const title = (field: string) => importColumns[field as ImportColumn] ?? field;
const changeText = (changes: PreviewRow['changes']) =>
  Object.entries(changes)
    .map(([field, [old, next]]) => `${title(field)}: ${old ?? '–'} → ${next ?? '–'}`)
    .join(', ');

// Each row, then one line per error under it: every line is one table row of the same height,
// so the virtual rows can place a 10,000-row preview without measuring anything.
type Line = { key: string; row: PreviewRow; error?: string };
const linesOf = (rows: readonly PreviewRow[]): Line[] =>
  rows.flatMap((row) => [
    { key: String(row.line), row },
    ...Object.entries(row.errors).flatMap(([field, messages]) =>
      // A row's own faults (ragged, a cell too long: `row`) say which row they are about already.
      messages.map((message, i) => ({
        key: `${row.line}-${field}-${i}`,
        row,
        error: field === 'row' ? message : `${title(field)}: ${message}`,
      })),
    ),
  ]);

const COLUMNS = ['Line', 'Brand', 'Series', 'Model', 'Action', 'Changes'];
const cell = 'whitespace-nowrap px-3 py-2';
// The line number stays at the left edge while a wide preview scrolls sideways in its box, as the lists' first column does.
const lineCell = `${cell} sticky left-0 bg-inherit`;

function renderLine({ key, row, error }: Line) {
  if (error !== undefined) {
    return (
      <tr key={key} className="bg-red-50 text-red-700">
        <td className={lineCell} />
        <td colSpan={COLUMNS.length - 1} className={cell}>
          {error}
        </td>
      </tr>
    );
  }
  return (
    <tr key={key} className={actionStyles[row.action]} data-action={row.action}>
      <td className={lineCell}>{row.line}</td>
      <td className={cell}>{row.brandName}</td>
      <td className={cell}>{row.seriesName}</td>
      <td className={cell}>{row.modelName}</td>
      <td className={cell}>{actionLabels[row.action]}</td>
      <td className={cell}>{changeText(row.changes)}</td>
    </tr>
  );
}

// As the shared table does: past this many lines only those on screen are in the page.
const VIRTUAL_FROM = 100;

/** The counts, then every row coloured by what the import would do, its errors under it. */
export function ImportPreviewTable({ preview }: { preview: ImportPreview }) {
  const lines = linesOf(preview.rows);
  const { summary } = preview;
  return (
    <PreviewFrame
      counts={[
        { label: 'Create', count: summary.create },
        { label: 'Update', count: summary.update },
        { label: 'Unchanged', count: summary.unchanged },
        { label: 'Error', count: summary.error, error: true },
      ]}
      caption="Preview of the import"
      columns={COLUMNS}
      stickyFirst
    >
      {lines.length === 0 ? (
        <EmptyRow columns={COLUMNS.length} />
      ) : lines.length > VIRTUAL_FROM ? (
        <VirtualRows rows={lines} columnCount={COLUMNS.length} renderRow={renderLine} />
      ) : (
        lines.map(renderLine)
      )}
    </PreviewFrame>
  );
}
