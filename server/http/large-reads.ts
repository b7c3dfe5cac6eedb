import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { FastifyReply } from 'fastify';
import { takeTurns } from './take-turns.ts';

// An answer written as its rows are read (a large page, an export) holds a database connection and
// a read until it is written. Such answers, of every call, take turns, two at once: while one waits
// for its rows from the database, the other is written (PostgreSQL's All, 0.79x the baseline's
// requests against 0.71x one at a time), and at most two of the pool's connections are held by
// them. One queue per process.
const largeReads = takeTurns(2);

type SliceOf<Read> = Read extends { rows: AsyncIterable<infer Slice> } ? Slice : never;

/**
 * Answers with `send` from a read's rows (slices of them, as they are read), in the large reads'
 * turn; `send` is also given what else the read answered (a page's total). The first slice is read
 * before the answer's first byte: a read that fails at once is answered as any failure is (a 500),
 * not as an answer cut short. An answer that ends before asking for every slice (the client gone at
 * once) ends the read here.
 */
export function answerAsRead<Read extends { rows: AsyncIterable<unknown> }>(
  read: () => Promise<Read>,
  send: (read: Read, rows: AsyncIterable<SliceOf<Read>>) => Promise<FastifyReply>,
): Promise<FastifyReply> {
  return largeReads(async () => {
    const answered = await read();
    const slices = (answered.rows as AsyncIterable<SliceOf<Read>>)[Symbol.asyncIterator]();
    const first = await slices.next();
    try {
      return await send(answered, continuing(first, slices));
    } finally {
      await slices.return?.();
    }
  });
}

/** The slices of `slices`, starting with `first`, already read. */
async function* continuing<T>(first: IteratorResult<T>, slices: AsyncIterator<T>): AsyncGenerator<T> {
  for (let next = first; !next.done; next = await slices.next()) yield next.value;
}

/**
 * Streams an answer's bytes as they come (chunked encoding), each piece sent and let go, so the
 * answer is never held whole; `reply` has its type and headers set. Answers once the last piece is
 * taken or the stream has ended otherwise. Fastify answers a failure: a 500 before the first byte,
 * and after it the connection is cut, so the client sees an answer that stops short rather than one
 * that never ends; if the client goes, the stream is destroyed, which ends the pieces' generator and
 * the read under it.
 */
export async function streamAnswer(reply: FastifyReply, pieces: AsyncIterable<Buffer>): Promise<FastifyReply> {
  const body = Readable.from(pieces, { highWaterMark: 1 });
  reply.send(body);
  // How it ended is Fastify's to answer (above); here only that it has.
  await finished(body).catch(() => {});
  return reply;
}
