import { parse } from 'csv-parse/browser/esm/sync';
import { InputError } from '#src/contract/errors.ts';
import { IMPORT_MAX_ROWS, importColumns, type ImportColumn } from '#src/contract/import.ts';
import { fieldMessages } from '#src/contract/messages.ts';

// Reading the spreadsheet of models/import (docs/design.md §7.4): bytes → rows of named cells.
// csv-parse does the CSV itself (quotes, doubled quotes, line breaks inside cells, CRLF), the same
// code in the server and in the mocks (its browser build needs no Node API).

const REQUIRED: readonly ImportColumn[] = ['brandName', 'seriesName', 'modelName', 'modelPriceUsd'];

/** A data row: its line in the file (the header is line 1) and its cells by column; an absent optional column is undefined. */
export type CsvRow = { line: number } & Record<ImportColumn, string | undefined>;

const fileError = (...messages: string[]) => new InputError({ file: messages });

// C0 controls but tab, LF and CR, and DEL: no text spreadsheet holds them, binary files do.
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const BINARY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const BYTE_ORDER_MARK = [0xef, 0xbb, 0xbf];

/**
 * The file as text (to check it is text and find its separator) and as its bytes without a byte
 * order mark: csv-parse reads those. Handed a string, its browser build encodes it to UTF-8 again
 * in plain JavaScript, which took 100 ms of a 10,000-row file's preview.
 */
function decode(bytes: Uint8Array): { text: string; body: Uint8Array } {
  try {
    // The decoder drops a leading BOM.
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    const hasMark = BYTE_ORDER_MARK.every((byte, at) => bytes[at] === byte);
    if (!BINARY.test(text)) return { text, body: hasMark ? bytes.subarray(BYTE_ORDER_MARK.length) : bytes };
  } catch {
    // Not UTF-8: the same answer as binary.
  }
  throw fileError(fieldMessages.fileNotText);
}

/** Comma or semicolon, whichever the header line has more of (a spreadsheet in a comma-decimal locale writes `;`). */
function separatorOf(text: string): ',' | ';' {
  const header = text.slice(0, text.search(/\r|\n|$/));
  const count = (ch: string) => header.split(ch).length;
  return count(';') > count(',') ? ';' : ',';
}

/** A cell the export neutralised for spreadsheets (`'=…`) reads as what it was. */
const unneutralised = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

const CR = 13;
const LF = 10;

/**
 * The line each record starts on, from where csv-parse says each one ends (`info.bytes`, in UTF-8
 * bytes; its own line count is off after a CRLF inside quotes). Walks the file once, in order;
 * CRLF, CR and LF each end one line.
 */
function startLines(bytes: Uint8Array) {
  let at = 0;
  let line = 1;
  const step = () => {
    const byte = bytes[at++];
    if (byte === LF || (byte === CR && bytes[at] !== LF)) line += 1;
  };
  return (end: number): number => {
    // Empty lines before the record belong to no record.
    while (at < end && (bytes[at] === CR || bytes[at] === LF)) step();
    const first = line;
    while (at < end) step();
    return first;
  };
}

type Parsed = { record: string[]; info: { bytes: number } };

function parseCsv(body: Uint8Array, delimiter: ',' | ';'): Parsed[] {
  try {
    return parse(body, {
      delimiter,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      // One record past the limit is enough to refuse the file; the rest is never parsed.
      to: IMPORT_MAX_ROWS + 2,
    }) as unknown as Parsed[];
  } catch (error) {
    throw fileError(fieldMessages.fileNotCsv((error as { lines?: number }).lines ?? 1));
  }
}

/** The header's column positions by title, case-insensitive; a missing required title is 422 under `file`. */
function columnPositions(header: readonly string[]): Record<ImportColumn, number> {
  const titles = header.map((title) => title.trim().toLowerCase());
  const positions = Object.fromEntries(
    Object.entries(importColumns).map(([key, title]) => [key, titles.indexOf(title.toLowerCase())]),
  ) as Record<ImportColumn, number>;
  const missing = REQUIRED.filter((key) => positions[key] < 0).map((key) => fieldMessages.fileMissingColumn(importColumns[key]));
  if (missing.length > 0) throw fileError(...missing);
  return positions;
}

/** The file's rows, or 422 under `file` for anything that is not a CSV of models within the limits. */
export function readImportCsv(bytes: Uint8Array): CsvRow[] {
  const { text, body } = decode(bytes);
  const lineOf = startLines(body);
  const [header, ...records] = parseCsv(body, separatorOf(text)).map(({ record, info }) => ({ record, line: lineOf(info.bytes) }));
  const positions = columnPositions(header?.record ?? []);
  // A row of empty cells (a spreadsheet's trailing ",,,") is no row.
  const rows = records.filter(({ record }) => record.some((cell) => cell.trim() !== ''));
  if (rows.length > IMPORT_MAX_ROWS) throw fileError(fieldMessages.fileTooManyRows(IMPORT_MAX_ROWS));
  const columns = Object.entries(positions) as [ImportColumn, number][];
  return rows.map(({ record, line }) => {
    const row = { line } as CsvRow;
    for (const [key, at] of columns) row[key] = at < 0 ? undefined : unneutralised(record[at] ?? '');
    return row;
  });
}
