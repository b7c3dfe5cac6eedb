import { parse, type CastingFunction, type InfoRecord, type Options } from 'csv-parse/browser/esm/sync';
import { InputError } from '#src/contract/errors.ts';
import { IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS } from '#src/contract/import.ts';
import { fieldMessages } from '#src/contract/field-messages.ts';
import { fileError, headerOf, rowOf, type CsvRow, type Header } from './import-rows.ts';
import { csvBody, decodeImportFile } from './import-text.ts';
import { allAtOnce } from './in-slices.ts';

// Reading the spreadsheet of models/import (docs/design.md §7.4, §8.9): bytes → rows of named
// cells. csv-parse does the CSV itself (quotes, doubled quotes, line breaks inside cells, CRLF);
// what is made of its records is ours: rows of empty cells are skipped, any other row is a row (in
// error when it is ragged or has a cell too long), and a file with more rows or columns than the
// limits is refused as soon as that is met. The server feeds csv-parse's
// stream a slice at a time (server/http/read-import-csv.ts); the mocks read in one go with its
// browser build (readImportCsv): the same options, the same records.

const CR = 13;
const LF = 10;

/**
 * Line breaks in the body before an offset (CRLF, CR and LF each one), counted on from the offset
 * asked last, forwards or back: asked after each slice the server writes and at each record's
 * end, it never counts more than a slice or so at once, even through a 5 MB cell.
 */
function breakCounter(body: Uint8Array) {
  let at = 0;
  let breaks = 0;
  const isBreak = (i: number) => body[i] === LF || (body[i] === CR && body[i + 1] !== LF);
  return (to: number): number => {
    for (; at < to; at += 1) if (isBreak(at)) breaks += 1;
    for (; at > to; at -= 1) if (isBreak(at - 1)) breaks -= 1;
    return breaks;
  };
}

export type ImportCsvReading = {
  /** csv-parse's options: the records go to our own steps, none is handed on. */
  options: Options;
  /** Counts the body's line breaks up to here: the server, after each slice it writes (breakCounter). */
  linesReadTo: (offset: number) => void;
  /** The rows, once csv-parse has read the whole body. */
  rows: () => CsvRow[];
  /** What to answer for an error csv-parse ended on: ours as thrown, its own as a file that is not CSV. */
  refusal: (error: unknown) => unknown;
};

/**
 * How the file `body` is read, given the separator its first line has (decodeImportFile, which
 * has refused a first line that is too wide).
 * csv-parse's `cast` hook converts nothing: it counts each record's cells as they are read and
 * refuses the file at the 101st of any record, header or row, as 'more than 100 columns' (blank
 * titles count as columns too). A row that wide cannot be the error on its row that a ragged row
 * is: csv-parse builds the whole record and, for a ragged one, copies it into its error in one go,
 * and a 5 MB row of 2 million cells would hold the event loop well past 50 ms. Its
 * `max_record_size` would not do either: it counts characters, not cells (850,000 empty quoted
 * titles are 0 characters), and its error ends the reading, so a long cell could not be an error
 * on its row with the rest of the file still read.
 */
export function importCsvReading(delimiter: ',' | ';', body: Uint8Array): ImportCsvReading {
  const breaksBefore = breakCounter(body);
  // Where the last record ended: the line breaks before it, and the empty lines csv-parse had skipped.
  let last = { breaks: 0, emptyLines: 0 };
  let header: Header | undefined;
  const rows: CsvRow[] = [];
  const counted: CastingFunction = (cell, { index }) => {
    if (index >= IMPORT_MAX_COLUMNS) throw fileError(fieldMessages.fileTooManyColumns(IMPORT_MAX_COLUMNS));
    return cell;
  };
  const onRecord = (cells: string[], { bytes, empty_lines: emptyLines }: InfoRecord) => {
    // A record starts on the line after the last one's end and the empty lines skipped since
    // (csv-parse's own line count is off after a CRLF inside quotes).
    const line = 1 + last.breaks + (emptyLines - last.emptyLines);
    last = { breaks: breaksBefore(bytes), emptyLines };
    // A row of empty cells (a blank line, a spreadsheet's trailing ",,,") is no row, and is not counted.
    if (cells.every((cell) => cell.trim() === '')) return null;
    if (header === undefined) header = headerOf(cells);
    // Refused whole, as soon as a row past the limit is met: no row is ever dropped.
    else if (rows.length === IMPORT_MAX_ROWS) throw fileError(fieldMessages.fileTooManyRows(IMPORT_MAX_ROWS));
    else rows.push(rowOf(header, { line, cells }));
    return null;
  };
  return {
    options: { delimiter, relax_column_count: true, skip_empty_lines: true, cast: counted, on_record: onRecord },
    linesReadTo: breaksBefore,
    rows: () => {
      if (header === undefined) headerOf([]);
      return rows;
    },
    refusal: (error) => {
      if (error instanceof InputError) return error;
      // csv-parse's CsvError carries its code and the line it stopped on; anything else is a fault of ours.
      const { code, lines } = error as { code?: unknown; lines?: number };
      return typeof code === 'string' ? fileError(fieldMessages.fileNotCsv(lines ?? 1)) : error;
    },
  };
}

/** The file's rows in one go (the mocks), or 422 under `file` for anything that is not a CSV of models within the limits. */
export function readImportCsv(bytes: Uint8Array): CsvRow[] {
  const body = csvBody(bytes);
  const reading = importCsvReading(allAtOnce(decodeImportFile(bytes)), body);
  try {
    parse(body, reading.options);
  } catch (error) {
    throw reading.refusal(error);
  }
  return reading.rows();
}
