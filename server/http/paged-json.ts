import type { FastifyReply } from 'fastify';
import type { z } from 'zod/mini';
import { callPath, calls, type CallName, type Calls } from '#src/contract/calls.ts';
import { pageFacts, type PageRequest } from '#src/domain/paging.ts';
import type { Page } from '#server/repositories/read-page.ts';
import { rowSlicesJson, sendJsonPieces, streamJsonPieces } from './rows-json.ts';
import { answerAsRead } from './large-reads.ts';

type PagedResponse = z.ZodMiniObject<{ tableData: z.ZodMiniObject<{ data: z.ZodMiniArray<z.ZodMiniObject> }> }>;
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
  const rows = rowSlicesJson(table.shape.data.def.element);
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

// A page of up to a slice is sent whole, with its length; a larger one is streamed as it is read,
// taking turns with the other large reads (large-reads.ts).
const LARGE_PAGE = 1_000;

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
    return answerAsRead(page, ({ total }, rows) => streamJsonPieces(reply, json(request, { total, rows })));
  };
}
