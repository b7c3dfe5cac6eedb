import { IMPORT_MAX_COLUMNS } from '#src/contract/import.ts';
import { fieldMessages } from '#src/contract/messages.ts';
import { fileError } from './import-rows.ts';

// An import's file as text, before csv-parse reads it (import-csv.ts): UTF-8 text or 422, its
// separator, and the probe's 850,000-column header line refused before anything reads it. The
// checks of the first line are given the text up to at least its end (decodeImportFile).

// C0 controls but tab, LF and CR, and DEL: no text spreadsheet holds them, binary files do.
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const BINARY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Bytes decoded and checked between two yields. */
const DECODE_SLICE = 65_536;

/**
 * The file's first line (its header), or 422 for a file that is not UTF-8 text; checked a slice at
 * a time, the decoder dropping a leading BOM. Only the first line is kept: the rest is read by
 * csv-parse from the bytes, and the whole file as one string would cost its megabytes again.
 */
export function* decodeImportFile(bytes: Uint8Array): Generator<void, string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const firstLine: string[] = [];
  let lineEnded = false;
  for (let at = 0; at < bytes.length || at === 0; at += DECODE_SLICE) {
    let piece: string;
    try {
      piece = decoder.decode(bytes.subarray(at, at + DECODE_SLICE), { stream: at + DECODE_SLICE < bytes.length });
    } catch {
      // Not UTF-8: the same answer as binary.
      throw fileError(fieldMessages.fileNotText);
    }
    if (BINARY.test(piece)) throw fileError(fieldMessages.fileNotText);
    if (!lineEnded) {
      firstLine.push(piece);
      lineEnded = /[\r\n]/.test(piece);
    }
    yield;
  }
  return firstLine.join('');
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
 * The probe's shape, a header line of 850,000 columns, refused before csv-parse reads it: a first
 * line without quotes has a column per separator and one more, counted no further than the limit.
 * A line with quotes (a separator may be inside one) is left to csv-parse, whose cells are counted
 * as they are read (importCsvReading).
 */
function refuseWideFirstLine(text: string, separator: ',' | ';') {
  const end = text.search(/[\r\n"]/);
  if (text[end] === '"') return;
  const line = end < 0 ? text : text.slice(0, end);
  if (occurrences(line, separator, IMPORT_MAX_COLUMNS) >= IMPORT_MAX_COLUMNS) {
    throw fileError(fieldMessages.fileTooManyColumns(IMPORT_MAX_COLUMNS));
  }
}

const BYTE_ORDER_MARK = [0xef, 0xbb, 0xbf];

/** The bytes csv-parse reads: the file without its byte order mark, as the text was decoded. */
export const csvBody = (bytes: Uint8Array) =>
  BYTE_ORDER_MARK.every((byte, at) => bytes[at] === byte) ? bytes.subarray(BYTE_ORDER_MARK.length) : bytes;

/** The first line's separator, or 422 at once when it is a line of more than 100 columns without quotes. */
export function firstLineChecked(text: string): ',' | ';' {
  const separator = separatorOf(text);
  refuseWideFirstLine(text, separator);
  return separator;
}
