import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { SLICE_ROWS } from '#server/db/slices.ts';

/**
 * The JSON of an array of rows of the object schema `row`, without its brackets, a slice of rows
 * at a time with the event loop let run in between, so that any number of rows never holds it
 * long; byte for byte what Fastify writes from the response schema. The key list comes from the
 * contract: JSON.stringify writes those keys, in that order, and nothing else (a row without an
 * optional key omits it).
 */
export function rowsJson(row: z.ZodObject) {
  const rowKeys = Object.keys(row.shape);
  // A key list applies at every depth, so a row holding a record of any keys (the audit log's
  // `changes`) is written by a replacer that picks the keys of the rows alone: slower, so only then.
  const hasRecord = Object.values(row.shape).some((field) => field instanceof z.ZodRecord);
  const pick = pickRowKeys(rowKeys);
  const stringify = (rows: unknown[]) => (hasRecord ? JSON.stringify(rows, pick) : JSON.stringify(rows, rowKeys));
  // The replacer, called for every value, costs ten times the key list: 1,000 rows of an import's
  // preview took it 15 ms and more; a tenth of a slice keeps to a millisecond or two.
  const sliceRows = hasRecord ? SLICE_ROWS / 10 : SLICE_ROWS;
  return async function* (rows: readonly unknown[]): AsyncGenerator<string> {
    for (let start = 0; start < rows.length; start += sliceRows) {
      if (start > 0) await nextTurn();
      const slice = stringify(rows.slice(start, start + sliceRows)).slice(1, -1);
      yield start > 0 ? `,${slice}` : slice;
    }
  };
}

/** A replacer that writes each row (an element of the top array) with only the given keys, in their order. */
function pickRowKeys(keys: readonly string[]) {
  return function (this: unknown, _key: string, value: unknown) {
    if (!Array.isArray(this) || value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    const row = value as Record<string, unknown>;
    const picked: Record<string, unknown> = {};
    for (const key of keys) if (key in row) picked[key] = row[key];
    return picked;
  };
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends JSON written in pieces (each encoded as it comes, the event loop let run between), the
 * bytes with their length in one write. Streamed instead, each piece cost Node a pass to measure
 * it for chunked encoding and a copy, and waits for the socket to drain; joined as one string, a
 * page of 300,000 rows held the event loop 90 ms while it was encoded in one go.
 */
export async function sendJsonPieces(reply: FastifyReply, pieces: AsyncIterable<string>): Promise<FastifyReply> {
  const parts: Buffer[] = [];
  for await (const piece of pieces) parts.push(Buffer.from(piece));
  return reply.type(JSON_TYPE).send(Buffer.concat(parts));
}
