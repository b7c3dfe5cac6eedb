import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { callPath, calls, type CallName, type Calls } from '#src/contract/calls.ts';
import { pageFacts, type PageRequest } from '#src/domain/paging.ts';
import type { Page } from '#server/repositories/read-page.ts';
import { rowSlicesJson, sendJsonPieces, streamJsonPieces } from './rows-json.ts';
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

// A large page is streamed as it is read (streamJsonPieces): it holds a database connection and
// a read until it is written. Such pages, of every paged call, take turns, two at once: while one
// waits for its rows from the database, the other is written (PostgreSQL's All, 0.79x the
// baseline's requests against 0.71x one at a time), and at most two of the pool's connections are
// held by them. One queue per process. A page of up to a slice is sent whole, with its length.
const LARGE_PAGE = 1_000;
const largePages = takeTurns(2);

/**
 * Answers a paged call: its page (read in slices, see readPage in server/repositories/read-page.ts)
 * in the envelope its name gives (`path` and the page URLs), written by pagedJson as it is read.
 * Larger pages take turns, two at a time. Every paged call answers through this.
 */
export function pagedAnswer<N extends PagedCall>(name: N) {
  type Response = Calls[N]['response'];
  const json = pagedJson<Response>(calls[name].response, callPath(name));
  return async (reply: FastifyReply, request: PageRequest, page: () => Promise<Page<RowOf<Response>>>) => {
    if (request.per_page <= LARGE_PAGE) return sendJsonPieces(reply, json(request, await page()));
    return largePages(async () => {
      const { total, rows } = await page();
      // The first slice read before the answer's first byte: a read that fails at once is answered
      // as any failure is (a 500), not as an answer cut short.
      const slices = rows[Symbol.asyncIterator]();
      const first = await slices.next();
      try {
        return await streamJsonPieces(reply, json(request, { total, rows: continuing(first, slices) }));
      } finally {
        // The stream may end before it has asked for a piece (the client gone at once): the read ends here then.
        await slices.return?.();
      }
    });
  };
}

/** The slices of `slices`, starting with `first`, already read. */
async function* continuing<T>(first: IteratorResult<T>, slices: AsyncIterator<T>): AsyncGenerator<T> {
  for (let next = first; !next.done; next = await slices.next()) yield next.value;
}
