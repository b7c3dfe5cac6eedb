import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import { z } from 'zod/mini';
import { SLICE_ROWS } from '#server/db/slices.ts';
import { streamAnswer } from './large-reads.ts';

/**
 * The JSON of an array of rows of the object schema `row`, without its brackets, a slice of rows
 * at a time with the event loop let run in between, so that any number of rows never holds it
 * long; byte for byte what Fastify writes from the response schema. The key list comes from the
 * contract: JSON.stringify writes those keys, in that order, and nothing else (a row without an
 * optional key omits it).
 */
export function rowsJson(row: z.ZodMiniObject) {
  const slicesJson = rowSlicesJson(row);
  return (rows: readonly unknown[]) => slicesJson(inSlices(rows));
}

// At most this many rows are written as one string. The JSON of a slice of 1,000 model rows is
// ~150 KB, over the size (128 KB) past which V8 puts a string in its large-object space, which is
// the old generation's: each slice's JSON and its copies went there, freed only by full collections.
const PIECE_ROWS = 250;

/**
 * As rowsJson, of rows given a slice at a time (a page as it is read, server/repositories/read-page.ts):
 * each slice is written once it comes and can then be let go.
 */
export function rowSlicesJson(row: z.ZodMiniObject) {
  const rowKeys = Object.keys(row.shape);
  // A key list applies at every depth, so rows holding a record of any keys (the audit log's
  // `changes`, a preview's `errors`) are first copied with the rows' keys alone, then written
  // whole. A replacer picking the keys did the same, called for every value: twice as slow (a bulk
  // edit's preview of 10,000 rows, best of 30 on a loaded machine: 21 ms against 12).
  const hasRecord = Object.values(row.shape).some((field) => field instanceof z.core.$ZodRecord);
  const pick = pickKeys(rowKeys);
  const stringify = (rows: readonly unknown[]) => (hasRecord ? JSON.stringify(rows.map(pick)) : JSON.stringify(rows, rowKeys));
  return async function* (slices: AsyncIterable<readonly unknown[]> | Iterable<readonly unknown[]>): AsyncGenerator<string> {
    let first = true;
    for await (const slice of slices) {
      if (slice.length === 0) continue;
      if (!first) await nextTurn();
      for (let start = 0; start < slice.length; start += PIECE_ROWS) {
        const json = stringify(slice.slice(start, start + PIECE_ROWS)).slice(1, -1);
        yield first ? json : `,${json}`;
        first = false;
      }
    }
  };
}

function* inSlices(rows: readonly unknown[]): Generator<readonly unknown[]> {
  for (let start = 0; start < rows.length; start += SLICE_ROWS) yield rows.slice(start, start + SLICE_ROWS);
}

/** A row with only the given keys, in their order (one it lacks is left out). */
function pickKeys(keys: readonly string[]) {
  return (row: unknown) => {
    const picked: Record<string, unknown> = {};
    for (const key of keys) if (key in (row as object)) picked[key] = (row as Record<string, unknown>)[key];
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

/**
 * Streams JSON written in pieces as they come (streamAnswer), for an answer of any size that is
 * written as it is read (a large page). Held whole, as Buffers of every slice and then joined, a
 * 300,000-row page kept 60 MB outside V8's heap alive, which made V8 run full collections that held
 * the event loop.
 */
export const streamJsonPieces = (reply: FastifyReply, pieces: AsyncIterable<string>) =>
  streamAnswer(reply.type(JSON_TYPE), encoded(pieces));

/**
 * Each piece as its UTF-8 bytes: written as a string, Node measured it for the chunk's length and
 * then encoded it, two passes where this is one (the profile of All streamed: byteLength alone was
 * a quarter of the JSON's own time).
 */
async function* encoded(pieces: AsyncIterable<string>): AsyncGenerator<Buffer> {
  for await (const piece of pieces) yield Buffer.from(piece);
}
