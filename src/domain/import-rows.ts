import { InputError } from '#src/contract/errors.ts';
import { IMPORT_MAX_CELL_CHARS, importColumns, type ImportColumn } from '#src/contract/import.ts';
import { fieldMessages } from '#src/contract/field-messages.ts';

// An import's header and rows from the records csv-parse reads (import-csv.ts): the columns found
// by title, and each row's cells by column with its own faults (docs/design.md §8.9).

const REQUIRED: readonly ImportColumn[] = ['brandName', 'seriesName', 'modelName', 'modelPriceUsd'];

/**
 * A data row: its line in the file (the header is line 1), its cells by column (an absent optional
 * column is undefined; no cell longer than IMPORT_MAX_CELL_CHARS), and `rowErrors`, the row's own
 * faults (ragged, a cell too long), which make it a row in error whatever its cells say.
 */
export type CsvRow = { line: number; rowErrors: string[] } & Record<ImportColumn, string | undefined>;

/** A record as read: its line and its cells (no more than IMPORT_MAX_COLUMNS). */
export type CsvRecord = { line: number; cells: readonly string[] };

/** Each column's position by title (-1: absent); the titles as written. */
export type Header = { at: Readonly<Record<ImportColumn, number>>; titles: readonly string[] };

export const fileError = (...messages: string[]) => new InputError({ file: messages });

/** A cell the export neutralised for spreadsheets (`'=…`) reads as what it was. */
const unneutralised = (cell: string) => (cell[0] === "'" && /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** A title or cell as far as any answer echoes it. */
const echoed = (cell: string) => cell.slice(0, IMPORT_MAX_CELL_CHARS);

/**
 * The header's column positions by title, case-insensitive, or 422 under `file`: a title twice
 * (blank titles name no column and are not compared), or a required title missing.
 */
export function headerOf(cells: readonly string[]): Header {
  const seen = new Set<string>();
  for (const title of cells) {
    const key = title.trim().toLowerCase();
    if (key === '') continue;
    // The later of the two is named, as written (its case, without the spaces around it): it is the
    // one found when the title is already taken.
    if (seen.has(key)) throw fileError(fieldMessages.fileColumnTwice(echoed(title.trim())));
    seen.add(key);
  }
  const titles = cells.map((title) => title.trim().toLowerCase());
  const at = Object.fromEntries(
    (Object.entries(importColumns) as [ImportColumn, string][]).map(([key, title]) => [key, titles.indexOf(title.toLowerCase())]),
  ) as Record<ImportColumn, number>;
  const missing = REQUIRED.filter((key) => at[key] < 0).map((key) => fieldMessages.fileMissingColumn(importColumns[key]));
  if (missing.length > 0) throw fileError(...missing);
  return { at, titles: cells };
}

/** A cell's column for a message: its title as written, or its position when untitled. */
const columnName = ({ titles }: Header, at: number) => {
  const title = titles[at]?.trim() ?? '';
  return title === '' ? `column ${at + 1}` : echoed(title);
};

/** The cell at a column's position (-1: the file has no such column). */
const cellAt = (cells: readonly string[], at: number) => (at < 0 ? undefined : unneutralised(echoed(cells[at] ?? '')));

export function rowOf(header: Header, { cells, line }: CsvRecord): CsvRow {
  const rowErrors: string[] = [];
  if (cells.length !== header.titles.length) rowErrors.push(fieldMessages.rowCellCount(cells.length, header.titles.length));
  for (const [at, cell] of cells.entries()) {
    if (cell.length > IMPORT_MAX_CELL_CHARS) rowErrors.push(fieldMessages.cellTooLong(columnName(header, at), IMPORT_MAX_CELL_CHARS));
  }
  // Each column by name: stored in a loop over the columns, under a different key each turn (V8's
  // slowest kind of store), the row took longer to make than csv-parse took to read it.
  const { at } = header;
  return {
    line,
    rowErrors,
    brandName: cellAt(cells, at.brandName),
    seriesName: cellAt(cells, at.seriesName),
    modelName: cellAt(cells, at.modelName),
    modelPriceUsd: cellAt(cells, at.modelPriceUsd),
    modelCapacityKW: cellAt(cells, at.modelCapacityKW),
    modelMinStock: cellAt(cells, at.modelMinStock),
  };
}
