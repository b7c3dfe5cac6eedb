import { setImmediate as nextTurn } from 'node:timers/promises';
import type { z } from 'zod';
import type { TableData } from '#src/contract/common.ts';

/** Rows serialised in one go before the event loop may run: about a millisecond's work. */
const SLICE_ROWS = 1_000;

type PagedResponse = z.ZodObject<{ tableData: z.ZodObject<{ data: z.ZodArray<z.ZodObject> }> }>;

/**
 * The JSON of a paged answer, `{"tableData":{"data":[…],"per_page":…}}`, byte for byte what Fastify
 * writes from the response schema, but serialised a slice of rows at a time with the event loop
 * let run in between, so that All (thousands of rows) never holds it long. The key lists come from
 * the contract: JSON.stringify writes those keys, in that order, and nothing else.
 */
export function pagedJson<S extends PagedResponse>(response: S) {
  const table = response.shape.tableData;
  const rowKeys = Object.keys(table.shape.data.element.shape);
  const pageKeys = Object.keys(table.shape).filter((key) => key !== 'data');
  return async (tableData: TableData<z.infer<S>['tableData']['data'][number]>): Promise<string> => {
    const { data } = tableData;
    const slices: string[] = [];
    for (let start = 0; start < data.length; start += SLICE_ROWS) {
      if (start > 0) await nextTurn();
      slices.push(JSON.stringify(data.slice(start, start + SLICE_ROWS), rowKeys).slice(1, -1));
    }
    return `{"tableData":{"data":[${slices.join(',')}],${JSON.stringify(tableData, pageKeys).slice(1)}}`;
  };
}
