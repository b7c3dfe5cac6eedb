import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import { BYTE_ORDER_MARK, CSV_TYPE, exportDisposition } from '#src/domain/model-export.ts';

// Records made and written before the event loop may run: a time budget rather than a count, since
// the work per row (prices in exact decimals, quoting) varies and the machine may be loaded; the
// clock is read every few rows only.
const BUDGET_MS = 8;
const CHECK_EVERY = 32;

type Sheet<Row> = { header: string; record: (row: Row) => string };

/**
 * The sheet's CSV a slice of rows at a time, the event loop let run between slices, never joined
 * into one string. Each slice goes out encoded: a string written to the socket is walked once to
 * measure it for the chunked encoding, then again to encode it.
 */
async function* csvSlices<Row>(sheet: Sheet<Row>, rows: readonly Row[]): AsyncGenerator<Buffer> {
  yield Buffer.from(BYTE_ORDER_MARK + sheet.header);
  let slice = '';
  let count = 0;
  let started = performance.now();
  for (const row of rows) {
    slice += sheet.record(row);
    if (++count % CHECK_EVERY === 0 && performance.now() - started >= BUDGET_MS) {
      yield Buffer.from(slice);
      slice = '';
      await nextTurn();
      started = performance.now();
    }
  }
  if (slice !== '') yield Buffer.from(slice);
}

/** Answers a CSV download (docs/design.md §7.1), streamed, named for today's date. */
export function csvAnswer<Row>(reply: FastifyReply, sheet: Sheet<Row>, rows: readonly Row[], now = new Date()): FastifyReply {
  return reply
    .type(CSV_TYPE)
    .header('content-disposition', exportDisposition(now))
    .send(Readable.from(csvSlices(sheet, rows)));
}
