import { IMPORT_MAX_COLUMNS } from '#src/contract/import.ts';
import { fieldMessages } from '#src/contract/field-messages.ts';
import { fileError } from './import-rows.ts';

// An import's file as text, before csv-parse reads it (import-csv.ts): UTF-8 text or 422, its
// separator, and the probe's 850,000-column header line refused before anything reads it.

// C0 controls but tab, LF and CR, and DEL: no text spreadsheet holds them, binary files do.
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const BINARY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Bytes decoded and checked between two yields. */
const DECODE_SLICE = 65_536;

/**
 * The first line's separator, or 422 for a file that is not UTF-8 text or whose first line is too
 * wide; checked a slice at a time, the decoder dropping a leading BOM. The first line is scanned
 * as it is decoded and never joined: on the probe's 5 MB header a joined line was 5 MB of new
 * memory written at once, which on this kind of machine (a page fault per 4 KiB touched) held the
 * loop 15 ms by itself. The rest is read by csv-parse from the bytes.
 */
export function* decodeImportFile(bytes: Uint8Array): Generator<void, ',' | ';'> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const firstLine = firstLineScan();
  for (let at = 0; at < bytes.length || at === 0; at += DECODE_SLICE) {
    let piece: string;
    try {
      piece = decoder.decode(bytes.subarray(at, at + DECODE_SLICE), { stream: at + DECODE_SLICE < bytes.length });
    } catch {
      // Not UTF-8: the same answer as binary.
      throw fileError(fieldMessages.fileNotText);
    }
    if (BINARY.test(piece)) throw fileError(fieldMessages.fileNotText);
    firstLine.read(piece);
    yield;
  }
  return firstLine.separator();
}

/** How many times `ch` occurs in `text`, counting no further than `most`. */
function occurrences(text: string, ch: string, most: number): number {
  let count = 0;
  for (let at = text.indexOf(ch); at >= 0 && count < most; at = text.indexOf(ch, at + 1)) count += 1;
  return count;
}

/**
 * The first line read piece by piece, up to its first CR or LF. Its separator: comma or
 * semicolon, whichever it has more of (a spreadsheet in a comma-decimal locale writes `;`),
 * counted to just past the column limit, so an enormous line costs nothing more. And the probe's
 * shape, a line of 850,000 columns, refused before csv-parse reads it: a first line without
 * quotes has a column per separator and one more. A line with quotes (a separator may be inside
 * one) is left to csv-parse, whose cells are counted as they are read (importCsvReading).
 */
function firstLineScan() {
  const most = IMPORT_MAX_COLUMNS + 1;
  let ended = false;
  let quoted = false;
  let commas = 0;
  let semicolons = 0;
  return {
    read(piece: string) {
      if (ended) return;
      const end = piece.search(/[\r\n]/);
      ended = end >= 0;
      const part = ended ? piece.slice(0, end) : piece;
      quoted ||= part.includes('"');
      commas += occurrences(part, ',', most - commas);
      semicolons += occurrences(part, ';', most - semicolons);
    },
    separator(): ',' | ';' {
      const separator = semicolons > commas ? ';' : ',';
      if (!quoted && (separator === ';' ? semicolons : commas) >= IMPORT_MAX_COLUMNS) {
        throw fileError(fieldMessages.fileTooManyColumns(IMPORT_MAX_COLUMNS));
      }
      return separator;
    },
  };
}

const BYTE_ORDER_MARK = [0xef, 0xbb, 0xbf];

/** The bytes csv-parse reads: the file without its byte order mark, as the text was decoded. */
export const csvBody = (bytes: Uint8Array) =>
  BYTE_ORDER_MARK.every((byte, at) => bytes[at] === byte) ? bytes.subarray(BYTE_ORDER_MARK.length) : bytes;
