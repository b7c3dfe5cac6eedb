import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import { BYTE_ORDER_MARK, CSV_TYPE, exportDisposition, sheetCsvOptions } from '#src/domain/model-export.ts';

/** Records written in one go before the event loop may run: a few milliseconds' work. */
const SLICE_ROWS = 1_000;

type Sheet<Row> = { header: string[]; record: (row: Row) => string[] };

/** The sheet's CSV a slice of rows at a time, the event loop let run between slices, never joined into one string. */
async function* csvSlices<Row>(sheet: Sheet<Row>, rows: readonly Row[]): AsyncGenerator<string> {
  yield BYTE_ORDER_MARK + stringify([sheet.header], sheetCsvOptions);
  for (let start = 0; start < rows.length; start += SLICE_ROWS) {
    await nextTurn();
    yield stringify(rows.slice(start, start + SLICE_ROWS).map(sheet.record), sheetCsvOptions);
  }
}

/** Answers a CSV download (docs/design.md §7.1), streamed, named for today's date. */
export function csvAnswer<Row>(reply: FastifyReply, sheet: Sheet<Row>, rows: readonly Row[], now = new Date()): FastifyReply {
  return reply
    .type(CSV_TYPE)
    .header('content-disposition', exportDisposition(now))
    .send(Readable.from(csvSlices(sheet, rows)));
}
