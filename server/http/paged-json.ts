import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { callPath, calls, type CallName, type Calls } from '#src/contract/calls.ts';
import type { TableData } from '#src/contract/common.ts';
import { tableData, type PageRequest } from '#src/domain/paging.ts';
import { SLICE_ROWS } from '#server/db/slices.ts';
import type { Page } from '#server/repositories/read-page.ts';
import { takeTurns } from './take-turns.ts';

type PagedResponse = z.ZodObject<{ tableData: z.ZodObject<{ data: z.ZodArray<z.ZodObject> }> }>;
type PageOf<S extends PagedResponse> = TableData<RowOf<S>>;
type RowOf<S extends PagedResponse> = z.infer<S>['tableData']['data'][number];

/** The calls that answer a page of a list. */
type PagedCall = { [N in CallName]: Calls[N]['response'] extends PagedResponse ? N : never }[CallName];

/**
 * The JSON of a paged answer, `{"tableData":{"data":[…],"per_page":…}}`, byte for byte what Fastify
 * writes from the response schema, but produced a slice of rows at a time with the event loop
 * let run in between, so that a page of any size never holds it long. The key lists come from the
 * contract: JSON.stringify writes those keys, in that order, and nothing else (a row without an
 * optional key omits it).
 */
export function pagedJson<S extends PagedResponse>(response: S) {
  const table = response.shape.tableData;
  const rowShape = table.shape.data.element.shape;
  const rowKeys = Object.keys(rowShape);
  const pageKeys = Object.keys(table.shape).filter((key) => key !== 'data');
  // A key list applies at every depth, so a row holding a record of any keys (the audit log's
  // `changes`) is written by a replacer that picks the keys of the rows alone: slower, so only then.
  const hasRecord = Object.values(rowShape).some((field) => field instanceof z.ZodRecord);
  const pick = pickRowKeys(rowKeys);
  const stringify = (rows: unknown[]) => (hasRecord ? JSON.stringify(rows, pick) : JSON.stringify(rows, rowKeys));
  return async function* (tableData: PageOf<S>): AsyncGenerator<string> {
    const { data } = tableData;
    yield '{"tableData":{"data":[';
    for (let start = 0; start < data.length; start += SLICE_ROWS) {
      if (start > 0) await nextTurn();
      const rows = stringify(data.slice(start, start + SLICE_ROWS)).slice(1, -1);
      yield start > 0 ? `,${rows}` : rows;
    }
    yield `],${JSON.stringify(tableData, pageKeys).slice(1)}}`;
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

// A page of thousands of rows holds them in memory until it is written. Such pages, of every
// paged call, take turns: ten at once would fill the young generation, and copying them in
// garbage collection stalled the event loop for hundreds of milliseconds. Two at once: while one
// waits for its rows from the database, the other is written (PostgreSQL's All, 0.79x the
// baseline's requests against 0.71x one at a time, the event loop held no longer). One queue per
// process.
const LARGE_PAGE = 1_000;
const largePages = takeTurns(2);

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Answers a paged call: its page (read in slices, see readPage in server/repositories/read-page.ts)
 * in the envelope its name gives (`path` and the page URLs), written by pagedJson, each slice
 * encoded as it comes (the event loop let run between), the bytes sent with their length in one
 * write. Streamed instead, each slice cost Node a pass to measure it for chunked encoding and a
 * copy, and waits for the socket to drain; joined as one string, a page of 300,000 rows held the
 * event loop 90 ms while it was encoded in one go. Larger pages take turns, two at a time, so at
 * most two are held. Every paged call answers through this.
 */
export function pagedAnswer<N extends PagedCall>(name: N) {
  type Response = Calls[N]['response'];
  const json = pagedJson<Response>(calls[name].response);
  const path = callPath(name);
  return async (reply: FastifyReply, request: PageRequest, page: () => Promise<Page<RowOf<Response>>>) => {
    const answer = async () => {
      const { total, rows } = await page();
      const parts: Buffer[] = [];
      for await (const chunk of json(tableData(path, request, total, rows))) parts.push(Buffer.from(chunk));
      return reply.type(JSON_TYPE).send(Buffer.concat(parts));
    };
    return request.per_page <= LARGE_PAGE ? answer() : largePages(answer);
  };
}
