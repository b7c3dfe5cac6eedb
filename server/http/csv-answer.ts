import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import { BYTE_ORDER_MARK, CSV_TYPE, exportDisposition } from '#src/domain/model-export.ts';
import { answerAsRead, streamAnswer } from './large-reads.ts';

// Records made and written before the event loop may run: a time budget rather than a count, since
// the work per row (prices in exact decimals, quoting) varies and the machine may be loaded; the
// clock is read every few rows only.
const BUDGET_MS = 8;
const CHECK_EVERY = 32;
// Records sent as one piece at most (a multiple of CHECK_EVERY): kept well under the size (128 KB)
// past which V8 puts a string in the old generation's large-object space (rows-json.ts).
const PIECE_RECORDS = 256;

type Sheet<Row> = { header: string; record: (row: Row) => string };

/**
 * The sheet's CSV a slice of rows at a time as they are read, the event loop let run between
 * slices, never joined into one string. Each slice goes out encoded: a string written to the
 * socket is walked once to measure it for the chunked encoding, then again to encode it.
 */
async function* csvSlices<Row>(sheet: Sheet<Row>, slices: AsyncIterable<readonly Row[]>): AsyncGenerator<Buffer> {
  yield Buffer.from(BYTE_ORDER_MARK + sheet.header);
  for await (const rows of slices) {
    let records = '';
    let started = performance.now();
    for (let i = 0; i < rows.length; i++) {
      records += sheet.record(rows[i]!);
      if ((i + 1) % CHECK_EVERY !== 0) continue;
      const overBudget = performance.now() - started >= BUDGET_MS;
      if (overBudget || (i + 1) % PIECE_RECORDS === 0) {
        yield Buffer.from(records);
        records = '';
      }
      if (overBudget) {
        await nextTurn();
        started = performance.now();
      }
    }
    if (records !== '') yield Buffer.from(records);
  }
}

/**
 * Answers a CSV download (docs/design.md §7.1), named for today's date, streamed as its rows are
 * read (a slice at a time, taking turns with the other large reads: large-reads.ts).
 */
export function csvAnswer<Row>(
  reply: FastifyReply,
  sheet: Sheet<Row>,
  rows: AsyncIterable<readonly Row[]>,
  now = new Date(),
): Promise<FastifyReply> {
  return answerAsRead(
    async () => ({ rows }),
    (_read, slices) => streamAnswer(reply.type(CSV_TYPE).header('content-disposition', exportDisposition(now)), csvSlices(sheet, slices)),
  );
}
