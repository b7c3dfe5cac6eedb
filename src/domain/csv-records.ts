// RFC 4180 records from text, as spreadsheets and models/export write them: cells split by the
// separator, quoted cells with the separator, doubled quotes or line breaks inside, records ended
// by CRLF, LF or CR. Written for the import's limits (docs/design.md §8.9): it searches with the
// engine's own string search rather than walking characters, stores no more than `maxCells` cells
// of a record however many it has, and hands back control after every slice of the text, inside
// a record too, so no file's shape can hold its caller for long.

/** One record: where it starts (line 1 is the file's first), its first cells, how many it has, whether every cell is blank. */
export type CsvRecord = { line: number; cells: string[]; count: number; blank: boolean };
/** A quote where CSV allows none, or a quoted cell never closed: the line it was met on. */
export type CsvFault = { error: 'malformed'; line: number };

/** About how much text is read between two yields. */
const SLICE_CHARS = 4_096;

const QUOTE = '"';
const CR = 13;
const LF = 10;

/** The line breaks in text[from, to): CRLF, CR and LF each end one line. */
function lineBreaks(text: string, from: number, to: number): number {
  let count = 0;
  for (let at = from; at < to; at += 1) {
    const code = text.charCodeAt(at);
    if (code === LF || (code === CR && text.charCodeAt(at + 1) !== LF)) count += 1;
  }
  return count;
}

/**
 * Yields each record, a fault (and then stops), or undefined after each slice of text: the
 * caller may let others run then. An empty line is a record of one blank cell.
 */
export function* csvRecords(text: string, separator: ',' | ';', maxCells: number): Generator<CsvRecord | CsvFault | undefined, void> {
  // The next separator, line break or quote from lastIndex: the end of an unquoted cell.
  const cellEnd = separator === ',' ? /[,\r\n"]/g : /[;\r\n"]/g;
  let at = 0;
  let line = 1;
  let sliceEnd = SLICE_CHARS;
  while (at < text.length) {
    const record: CsvRecord = { line, cells: [], count: 0, blank: true };
    for (;;) {
      if (at >= sliceEnd) {
        yield undefined;
        sliceEnd = at + SLICE_CHARS;
      }
      let cell: string;
      if (text[at] === QUOTE) {
        const opened = line;
        cell = '';
        let from = at + 1;
        for (;;) {
          if (from >= sliceEnd) {
            yield undefined;
            sliceEnd = from + SLICE_CHARS;
          }
          const close = text.indexOf(QUOTE, from);
          if (close < 0) {
            yield { error: 'malformed', line: opened };
            return;
          }
          // A long quoted stretch is counted a slice at a time.
          for (let counted = from; counted < close; counted += SLICE_CHARS) {
            line += lineBreaks(text, counted, Math.min(close, counted + SLICE_CHARS));
            if (close - counted > SLICE_CHARS) yield undefined;
          }
          if (close - from > SLICE_CHARS) sliceEnd = close + SLICE_CHARS;
          const part = text.slice(from, close);
          if (text[close + 1] === QUOTE) {
            cell += part + QUOTE;
            from = close + 2;
          } else {
            cell += part;
            at = close + 1;
            break;
          }
        }
        if (at < text.length && !/[\r\n]/.test(text[at]!) && text[at] !== separator) {
          yield { error: 'malformed', line };
          return;
        }
      } else {
        cellEnd.lastIndex = at;
        const end = cellEnd.exec(text)?.index ?? text.length;
        if (text[end] === QUOTE) {
          yield { error: 'malformed', line };
          return;
        }
        cell = text.slice(at, end);
        at = end;
      }
      record.count += 1;
      if (record.cells.length < maxCells) record.cells.push(cell);
      if (record.blank && cell.trim() !== '') record.blank = false;
      // A separator opens the next cell (at the very end of the text, an empty one).
      if (text[at] === separator) {
        at += 1;
        continue;
      }
      // A line break (CRLF, CR or LF) or the end of the text ends the record.
      if (text[at] === '\r') at += text[at + 1] === '\n' ? 2 : 1;
      else if (text[at] === '\n') at += 1;
      line += 1;
      break;
    }
    yield record;
  }
}
