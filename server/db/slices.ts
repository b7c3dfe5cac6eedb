/**
 * Rows handled in one go before the event loop may run, at each step of a large read: fetched
 * from the database (server/db), made contract rows (server/repositories/read-page.ts), written as
 * JSON (server/http/paged-json.ts). A slice is a millisecond or a few of work at any of them.
 * 500, not 1,000: fewer rows alive at each young-generation collection. Four All calls at once on
 * PostgreSQL held the loop 27–29 ms at most with 500 against 40–44 with 1,000, and their
 * collections took half the time (docs/performance.md).
 */
export const SLICE_ROWS = 500;

/** The slices of a read joined, for a reader whose whole read is its slices. */
export async function allRows(slices: AsyncIterable<unknown[][]>): Promise<unknown[][]> {
  const rows: unknown[][] = [];
  for await (const slice of slices) for (const row of slice) rows.push(row);
  return rows;
}
