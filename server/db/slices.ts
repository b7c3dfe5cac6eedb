/**
 * Rows handled in one go before the event loop may run, at each step of a large read: fetched
 * from the database (server/db), made contract rows (server/repositories/read-page.ts), written as
 * JSON (server/http/paged-json.ts). A slice is a millisecond or a few of work at any of them.
 */
export const SLICE_ROWS = 1_000;

/** The slices of a read joined, for a reader whose whole read is its slices. */
export async function allRows(slices: AsyncIterable<unknown[][]>): Promise<unknown[][]> {
  const rows: unknown[][] = [];
  for await (const slice of slices) for (const row of slice) rows.push(row);
  return rows;
}
