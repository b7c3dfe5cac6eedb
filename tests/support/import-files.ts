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

/**
 * The admin's models/export (docs/design.md §7.1) as it will write these models: the Brand column,
 * then the models list's column titles, BOM, CRLF, `170.00`, and a leading `'` on a cell a
 * spreadsheet would run as a formula. Written by hand while models/export (issue 11) is on another
 * branch: at the merge, the round-trip test takes a real export instead of this.
 */
export function exportShapedCsv(models: readonly { brand: string; series: string; model: string; kw: number | null; usd: number }[]) {
  const neutralised = (cell: string) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);
  const header = [
    'Brand',
    'Series',
    'Model',
    'Capacity-KW',
    'Capacity-TR',
    'Price USD',
    'Price PKR',
    'Fare',
    'Duties',
    'Cost',
    'Profit',
    'Total',
    'Quantity',
    'Status',
  ];
  const rows = models.map(({ brand, series, model, kw, usd }) =>
    [
      brand,
      series,
      model,
      kw === null ? '' : String(kw),
      kw === null ? '' : '1.00',
      usd.toFixed(2),
      '47796',
      '100',
      '200',
      '48096',
      '300',
      '48396',
      '7',
      'Active',
    ].map(neutralised),
  );
  return csvBytes([header, ...rows], { bom: true, newline: '\r\n' });
}
