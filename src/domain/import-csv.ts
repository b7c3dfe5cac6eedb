import { InputError } from '#src/contract/errors.ts';
import { IMPORT_MAX_CELL_CHARS, IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS, importColumns, type ImportColumn } from '#src/contract/import.ts';
import { fieldMessages } from '#src/contract/messages.ts';
import { csvRecords, type CsvRecord } from './csv-records.ts';
import { allAtOnce, turnByTurn } from './in-slices.ts';

// Reading the spreadsheet of models/import (docs/design.md §7.4, §8.9): bytes → rows of named
// cells. Every row is read or the file is refused: rows of empty cells are skipped, any other row
// is a row (in error when it is ragged or has a cell too long), and a file with more rows than the
// limit is refused whole. The server reads in slices (readImportCsvInSlices), the mocks in one go
// (readImportCsv): the same steps (in-slices.ts), the same answers.

const REQUIRED: readonly ImportColumn[] = ['brandName', 'seriesName', 'modelName', 'modelPriceUsd'];

/**
 * A data row: its line in the file (the header is line 1), its cells by column (an absent optional
 * column is undefined; no cell longer than IMPORT_MAX_CELL_CHARS), and `rowErrors`, the row's own
 * faults (ragged, a cell too long), which make it a row in error whatever its cells say.
 */
export type CsvRow = { line: number; rowErrors: string[] } & Record<ImportColumn, string | undefined>;

const fileError = (...messages: string[]) => new InputError({ file: messages });

// C0 controls but tab, LF and CR, and DEL: no text spreadsheet holds them, binary files do.
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const BINARY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Bytes decoded and checked between two yields. */
const DECODE_SLICE = 262_144;

/** The file as text, or 422 for one that is not UTF-8 text; a slice at a time. The decoder drops a leading BOM. */
function* decode(bytes: Uint8Array): Generator<void, string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let text = '';
  for (let at = 0; at < bytes.length || at === 0; at += DECODE_SLICE) {
    let piece: string;
    try {
      piece = decoder.decode(bytes.subarray(at, at + DECODE_SLICE), { stream: at + DECODE_SLICE < bytes.length });
    } catch {
      // Not UTF-8: the same answer as binary.
      throw fileError(fieldMessages.fileNotText);
    }
    if (BINARY.test(piece)) throw fileError(fieldMessages.fileNotText);
    text += piece;
    yield;
  }
  return text;
}

/** How many times `ch` occurs in `line`, counting no further than `most`. */
function occurrences(line: string, ch: string, most: number): number {
  let count = 0;
  for (let at = line.indexOf(ch); at >= 0 && count < most; at = line.indexOf(ch, at + 1)) count += 1;
  return count;
}

/**
 * Comma or semicolon, whichever the header line has more of (a spreadsheet in a comma-decimal
 * locale writes `;`). Counted to just past the column limit, so an enormous header line costs
 * nothing more: past it the file is refused whichever separator wins.
 */
function separatorOf(text: string): ',' | ';' {
  const end = text.search(/[\r\n]/);
  const header = end < 0 ? text : text.slice(0, end);
  const most = IMPORT_MAX_COLUMNS + 1;
  return occurrences(header, ';', most) > occurrences(header, ',', most) ? ';' : ',';
}

/**
 * The probe's shape, a header line of 850,000 columns, refused before reading it: a first line
 * without quotes has a column per separator and one more, counted no further than the limit. A
 * line with quotes (a separator may be inside one) is left to the reader, which keeps no more
 * titles than the limit and is sliced.
 */
function refuseWideFirstLine(text: string, separator: ',' | ';') {
  const end = text.search(/[\r\n"]/);
  if (text[end] === '"') return;
  const line = end < 0 ? text : text.slice(0, end);
  if (occurrences(line, separator, IMPORT_MAX_COLUMNS) >= IMPORT_MAX_COLUMNS) {
    throw fileError(fieldMessages.fileTooManyColumns(IMPORT_MAX_COLUMNS));
  }
}

/** A cell the export neutralised for spreadsheets (`'=…`) reads as what it was. */
const unneutralised = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** A title or cell as far as any answer echoes it. */
const echoed = (cell: string) => cell.slice(0, IMPORT_MAX_CELL_CHARS);

type Header = { positions: Record<ImportColumn, number>; titles: readonly string[] };

/**
 * The header's column positions by title, case-insensitive, or 422 under `file`: a title twice
 * (blank titles name no column and are not compared), or a required title missing.
 */
function headerOf(cells: readonly string[]): Header {
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
  const positions = Object.fromEntries(
    Object.entries(importColumns).map(([key, title]) => [key, titles.indexOf(title.toLowerCase())]),
  ) as Record<ImportColumn, number>;
  const missing = REQUIRED.filter((key) => positions[key] < 0).map((key) => fieldMessages.fileMissingColumn(importColumns[key]));
  if (missing.length > 0) throw fileError(...missing);
  return { positions, titles: cells };
}

/** A cell's column for a message: its title as written, or its position when untitled. */
const columnName = ({ titles }: Header, at: number) => {
  const title = titles[at]?.trim() ?? '';
  return title === '' ? `column ${at + 1}` : echoed(title);
};

function rowOf(header: Header, { cells, count, line }: CsvRecord): CsvRow {
  const rowErrors: string[] = [];
  if (count !== header.titles.length) rowErrors.push(fieldMessages.rowCellCount(count, header.titles.length));
  cells.forEach((cell, at) => {
    if (cell.length > IMPORT_MAX_CELL_CHARS) rowErrors.push(fieldMessages.cellTooLong(columnName(header, at), IMPORT_MAX_CELL_CHARS));
  });
  const row = { line, rowErrors } as CsvRow;
  for (const [key, at] of Object.entries(header.positions) as [ImportColumn, number][]) {
    row[key] = at < 0 ? undefined : unneutralised(echoed(cells[at] ?? ''));
  }
  return row;
}

/**
 * The steps of reading a file: a generator that yields after each slice of the text, so the
 * caller decides whether to let the event loop run in between. Answers the rows, or throws 422
 * under `file` for anything that is not a CSV of models within the limits.
 */
function* readSteps(bytes: Uint8Array): Generator<void, CsvRow[]> {
  const text = yield* decode(bytes);
  const separator = separatorOf(text);
  refuseWideFirstLine(text, separator);
  let header: Header | undefined;
  const rows: CsvRow[] = [];
  const records = csvRecords(text, separator, IMPORT_MAX_COLUMNS + 1);
  for (let next = records.next(); !next.done; next = records.next()) {
    const record = next.value;
    if (record === undefined) {
      yield;
      continue;
    }
    if ('error' in record) throw fileError(fieldMessages.fileNotCsv(record.line));
    // A row of empty cells (a blank line, a spreadsheet's trailing ",,,") is no row, and is not counted.
    if (record.blank) continue;
    if (header === undefined) {
      // Only the first IMPORT_MAX_COLUMNS + 1 titles were ever kept, however wide the line.
      if (record.count > IMPORT_MAX_COLUMNS) throw fileError(fieldMessages.fileTooManyColumns(IMPORT_MAX_COLUMNS));
      header = headerOf(record.cells);
      continue;
    }
    // Refused whole, as soon as a row past the limit is met: no row is ever dropped.
    if (rows.length === IMPORT_MAX_ROWS) throw fileError(fieldMessages.fileTooManyRows(IMPORT_MAX_ROWS));
    rows.push(rowOf(header, record));
  }
  if (header === undefined) headerOf([]);
  return rows;
}

/** The file's rows in one go (the mocks). */
export const readImportCsv = (bytes: Uint8Array): CsvRow[] => allAtOnce(readSteps(bytes));

/** The file's rows, the event loop let run after every slice (the server: other calls keep answering). */
export const readImportCsvInSlices = (bytes: Uint8Array): Promise<CsvRow[]> => turnByTurn(readSteps(bytes));
