import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { callPath, calls, type CallName, type Calls } from '#src/contract/calls.ts';
import { pageFacts, type PageRequest } from '#src/domain/paging.ts';
import type { Page } from '#server/repositories/read-page.ts';
import { rowSlicesJson, sendJsonPieces } from './rows-json.ts';
import { takeTurns } from './take-turns.ts';

type PagedResponse = z.ZodObject<{ tableData: z.ZodObject<{ data: z.ZodArray<z.ZodObject> }> }>;
type RowOf<S extends PagedResponse> = z.infer<S>['tableData']['data'][number];

/** The calls that answer a page of a list. */
type PagedCall = { [N in CallName]: Calls[N]['response'] extends PagedResponse ? N : never }[CallName];

/**
 * The JSON of a paged answer, `{"tableData":{"data":[…],"per_page":…}}`, byte for byte what Fastify
 * writes from the response schema, its rows a slice at a time as they are read (rows-json.ts);
 * what follows them (`from`, `to`, the page URLs) once they are all written and counted.
 */
export function pagedJson<S extends PagedResponse>(response: S, path: string) {
  const table = response.shape.tableData;
  const rows = rowSlicesJson(table.shape.data.element);
  const pageKeys = Object.keys(table.shape).filter((key) => key !== 'data');
  return async function* (request: PageRequest, { total, rows: slices }: Page<RowOf<S>>): AsyncGenerator<string> {
    let written = 0;
    const counted = async function* () {
      for await (const slice of slices) {
        written += slice.length;
        yield slice;
      }
    };
    yield '{"tableData":{"data":[';
    yield* rows(counted());
    yield `],${JSON.stringify(pageFacts(path, request, total, written), pageKeys).slice(1)}}`;
  };
}

// A page of thousands of rows, before it was read and written a slice at a time, was held in
// memory until it was written. Such pages, of every paged call, take turns: ten at once would fill
// the young generation, and copying them in garbage collection stalled the event loop for hundreds
// of milliseconds. Two at once: while one waits for its rows from the database, the other is
// written (PostgreSQL's All, 0.79x the baseline's requests against 0.71x one at a time, the event
// loop held no longer). One queue per process.
const LARGE_PAGE = 1_000;
const largePages = takeTurns(2);

/**
 * Answers a paged call: its page (read in slices, see readPage in server/repositories/read-page.ts)
 * in the envelope its name gives (`path` and the page URLs), written by pagedJson as it is read
 * and sent by sendJsonPieces. Larger pages take turns, two at a time. Every paged call answers
 * through this.
 */
export function pagedAnswer<N extends PagedCall>(name: N) {
  type Response = Calls[N]['response'];
  const json = pagedJson<Response>(calls[name].response, callPath(name));
  return async (reply: FastifyReply, request: PageRequest, page: () => Promise<Page<RowOf<Response>>>) => {
    const answer = async () => sendJsonPieces(reply, json(request, await page()));
    return request.per_page <= LARGE_PAGE ? answer() : largePages(answer);
  };
}
