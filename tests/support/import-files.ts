// CSV files for the import tests (API, mocks, UI, e2e), written the way spreadsheets and
// models/export write them.

/** RFC 4180 quoting: a cell with the separator, a quote or a line break is quoted, quotes doubled. */
const quoted = (cell: string, separator: string) =>
  cell.includes(separator) || /["\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;

export type CsvOptions = { separator?: ',' | ';'; bom?: boolean; newline?: '\n' | '\r\n' };

export function csvText(
  rows: readonly (readonly (string | number)[])[],
  { separator = ',', bom = false, newline = '\n' }: CsvOptions = {},
) {
  const text = rows.map((row) => row.map((cell) => quoted(String(cell), separator)).join(separator)).join(newline) + newline;
  return (bom ? '\uFEFF' : '') + text;
}

export const csvBytes = (rows: readonly (readonly (string | number)[])[], options?: CsvOptions) =>
  new TextEncoder().encode(csvText(rows, options));

/** A FormData with the file under `file`, as the Import Models screen sends it. */
export function importForm(bytes: Uint8Array, name = 'models.csv') {
  const data = new FormData();
  data.append('file', new Blob([bytes as BlobPart], { type: 'text/csv' }), name);
  return data;
}

export const IMPORT_HEADER = ['Brand', 'Series', 'Model', 'Capacity-KW', 'Price USD'] as const;
