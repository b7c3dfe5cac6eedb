import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connect, type OpenConnection } from '#server/db/connect.ts';
import { SLICE_ROWS } from '#server/db/slices.ts';
import { freshDatabase } from '#tests/support/test-server.ts';
import { describeEachDatabase } from './harness.ts';

// server/db: a large read handed on a slice at a time (RowReader.slices), the way every paged call
// reads its page. Leaving it early or its failing part-way must end the read and give the
// connection back in a state to serve the next one.

const ROWS = 2_500;

describeEachDatabase('a read in slices', (kind) => {
  let connection: OpenConnection;
  let drop: () => Promise<void>;
  // The numbers 1..ROWS, and an error at row `failAt` (none when it is past the end): PostgreSQL's
  // division by zero; SQLite divides by zero into NULL, but abs() of the least integer overflows.
  const failing = (failAt: number) =>
    kind === 'postgres' ? sql`1 / (${failAt} - i)` : sql`CASE WHEN i = ${failAt} THEN abs(-9223372036854775807 - 1) ELSE 1 END`;
  const numbers = (failAt: number) =>
    sql<{ i: number; q: number }>`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ROWS})
      SELECT i, ${failing(failAt)} AS q FROM n`.compile(connection.db);

  beforeAll(async () => {
    const database = await freshDatabase(kind);
    drop = database.drop;
    connection = connect(database.url);
    // SQLite's large reads need a file that already exists on disk: any statement makes it.
    await sql`SELECT 1`.execute(connection.db);
  });
  afterAll(async () => {
    await connection.db.destroy();
    await drop();
  });

  it('hands on every row in order, SLICE_ROWS at a time', async () => {
    const sizes: number[] = [];
    const firsts: unknown[] = [];
    for await (const slice of connection.readRows.slices(numbers(ROWS + 1), ROWS)) {
      sizes.push(slice.length);
      firsts.push(slice[0]![0]);
    }
    const starts = Array.from({ length: Math.ceil(ROWS / SLICE_ROWS) }, (_, i) => i * SLICE_ROWS);
    expect(starts.length).toBeGreaterThanOrEqual(3);
    expect(sizes).toEqual(starts.map((start) => Math.min(SLICE_ROWS, ROWS - start)));
    expect(firsts.map(Number)).toEqual(starts.map((start) => start + 1));
  });

  it('ends the read when left after its first slice, the connection free for the next', async () => {
    for (let read = 0; read < 12; read++) {
      for await (const slice of connection.readRows.slices(numbers(ROWS + 1), ROWS)) {
        expect(slice).toHaveLength(SLICE_ROWS);
        break;
      }
    }
    expect(connection.usage().inUse).toBe(0);
    expect(await connection.readRows(numbers(ROWS + 1), ROWS)).toHaveLength(ROWS);
  });

  it('fails when a row past the first slice fails, and the next read runs', async () => {
    const taken: number[] = [];
    const reading = (async () => {
      for await (const slice of connection.readRows.slices(numbers(SLICE_ROWS + 500), ROWS)) taken.push(slice.length);
    })();
    await expect(reading).rejects.toThrow(/division by zero|integer overflow/);
    expect(taken).toEqual([SLICE_ROWS]);
    expect(connection.usage().inUse).toBe(0);
    expect(await connection.readRows(numbers(ROWS + 1), ROWS)).toHaveLength(ROWS);
  });
});
