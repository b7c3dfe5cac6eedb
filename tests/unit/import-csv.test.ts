import { describe, expect, it } from 'vitest';
import { readImportCsvInSlices } from '#server/http/read-import-csv.ts';
import { readImportCsv } from '#src/domain/import-csv.ts';
import { csvBytes, IMPORT_HEADER } from '#tests/support/import-files.ts';

// The server feeds csv-parse's stream a slice of bytes at a time (server/http/read-import-csv.ts);
// the mocks hand its browser build the whole file (src/domain/import-csv.ts). Both must give the
// same rows, and the same refusals, whatever falls on a slice's edge: here slices of 1, 2, 3, 7
// and 64 bytes put every quote, line break and multi-byte character on one.

const SLICES = [1, 2, 3, 7, 64];

const encode = (text: string) => new TextEncoder().encode(text);
const header = IMPORT_HEADER.join(',');

const files: Record<string, Uint8Array> = {
  'quoted line breaks (LF and CRLF), doubled quotes, CRLF records': encode(
    `${header}\r\nBrand,Series,"Two\r\nlines ""quoted""",1.5,10\r\n"Brand","Series","One\nmore",,20\r\nBrand,Series,Last,2,30`,
  ),
  'a byte order mark, empty lines, blank rows': encode(`\uFEFF\n${header}\n\n,,,,\n  ,,,,\nBrand,Series,Crème ☃ 🙂,,5\n\nB,S,M,,6`),
  'CR line ends': encode(`${header}\rB,S,"One\rtwo",,1\r\rB,S,M,,2\r`),
  'semicolons, ragged rows, a neutralised formula': csvBytes(
    [IMPORT_HEADER, ['Brand', 'Series', "'=SUM(A1)", '', '1,5'], ['Brand', 'Series', 'Short'], ['B', 'S', 'Long', '', '1', 'extra']],
    { separator: ';' },
  ),
  'a cell over 1,000 characters across many slices': csvBytes([IMPORT_HEADER, ['Brand', 'Series', 'x\n'.repeat(800), '', '1']], {
    newline: '\r\n',
  }),
  'a quote never closed': encode(`${header}\nB,S,M,,1\n"open,1,2,3\n`),
  'a quoted header of 101 titles': encode(`${IMPORT_HEADER.map((title) => `"${title}"`).join(',')}${',"x"'.repeat(96)}\n`),
  'a row of 101 cells': encode(`${header}\nB,S,M,,1${',x'.repeat(96)}\n`),
  // The first line is decoded 64 KiB at a time: its separator is counted over all of it. Three
  // commas and two semicolons come before the end of a title of 70,000 characters, three after.
  'a first line longer than a decoded slice': encode(
    `Brand;Series;Notes, a, b, c${'x'.repeat(70_000)};Model;Capacity-KW;Price USD\nB;S;n;M;;1\n`,
  ),
  'a title twice': csvBytes([[...IMPORT_HEADER, 'brand']]),
  'no header': encode('\n\n'),
};

/** The rows, or the 422's errors. */
async function outcome(read: () => unknown): Promise<unknown> {
  try {
    return await read();
  } catch (error) {
    return (error as { errors: unknown }).errors;
  }
}

describe('reading an import file in slices and in one go', () => {
  for (const [name, bytes] of Object.entries(files)) {
    it(`gives the same answer: ${name}`, async () => {
      const inOneGo = await outcome(() => readImportCsv(bytes));
      for (const slice of SLICES) expect(await outcome(() => readImportCsvInSlices(bytes, slice))).toEqual(inOneGo);
      expect(await outcome(() => readImportCsvInSlices(bytes))).toEqual(inOneGo);
    });
  }

  it('reads what the files say, on the lines they say it', async () => {
    const lines = (name: string) => readImportCsv(files[name]!).map((row) => [row.line, row.modelName, row.rowErrors]);
    expect(lines('quoted line breaks (LF and CRLF), doubled quotes, CRLF records')).toEqual([
      [2, 'Two\r\nlines "quoted"', []],
      [4, 'One\nmore', []],
      [6, 'Last', []],
    ]);
    expect(lines('a byte order mark, empty lines, blank rows')).toEqual([
      [6, 'Crème ☃ 🙂', []],
      [8, 'M', []],
    ]);
    expect(lines('CR line ends')).toEqual([
      [2, 'One\rtwo', []],
      [5, 'M', []],
    ]);
    expect(lines('semicolons, ragged rows, a neutralised formula')).toEqual([
      [2, '=SUM(A1)', []],
      [3, 'Short', ['This row has 3 cells; the header has 5.']],
      [4, 'Long', ['This row has 6 cells; the header has 5.']],
    ]);
    expect(await outcome(() => readImportCsv(files['a quote never closed']!))).toEqual({
      file: ['The file could not be read as CSV (line 3).'],
    });
    expect(lines('a first line longer than a decoded slice')).toEqual([[2, 'M', []]]);
    for (const wide of ['a quoted header of 101 titles', 'a row of 101 cells']) {
      expect(await outcome(() => readImportCsv(files[wide]!))).toEqual({ file: ['The file has more than 100 columns.'] });
    }
  });
});
