import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { callPath, calls, type CallName, type Calls } from '#src/contract/calls.ts';
import type { TableData } from '#src/contract/common.ts';
import { tableData, type PageRequest } from '#src/domain/paging.ts';
import type { Page } from '#server/repositories/read-page.ts';
import { rowsJson, sendJsonPieces } from './rows-json.ts';
import { takeTurns } from './take-turns.ts';

type PagedResponse = z.ZodObject<{ tableData: z.ZodObject<{ data: z.ZodArray<z.ZodObject> }> }>;
type PageOf<S extends PagedResponse> = TableData<RowOf<S>>;
type RowOf<S extends PagedResponse> = z.infer<S>['tableData']['data'][number];

/** The calls that answer a page of a list. */
type PagedCall = { [N in CallName]: Calls[N]['response'] extends PagedResponse ? N : never }[CallName];

/**
 * The JSON of a paged answer, `{"tableData":{"data":[…],"per_page":…}}`, byte for byte what Fastify
 * writes from the response schema, its rows a slice at a time (rows-json.ts).
 */
export function pagedJson<S extends PagedResponse>(response: S) {
  const table = response.shape.tableData;
  const rows = rowsJson(table.shape.data.element);
  const pageKeys = Object.keys(table.shape).filter((key) => key !== 'data');
  return async function* (tableData: PageOf<S>): AsyncGenerator<string> {
    yield '{"tableData":{"data":[';
    yield* rows(tableData.data);
    yield `],${JSON.stringify(tableData, pageKeys).slice(1)}}`;
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

/**
 * Answers a paged call: its page (read in slices, see readPage in server/repositories/read-page.ts)
 * in the envelope its name gives (`path` and the page URLs), written by pagedJson and sent by
 * sendJsonPieces. Larger pages take turns, two at a time, so at most two are held. Every paged
 * call answers through this.
 */
export function pagedAnswer<N extends PagedCall>(name: N) {
  type Response = Calls[N]['response'];
  const json = pagedJson<Response>(calls[name].response);
  const path = callPath(name);
  return async (reply: FastifyReply, request: PageRequest, page: () => Promise<Page<RowOf<Response>>>) => {
    const answer = async () => {
      const { total, rows } = await page();
      return sendJsonPieces(reply, json(tableData(path, request, total, rows)));
    };
    return request.per_page <= LARGE_PAGE ? answer() : largePages(answer);
  };
}
