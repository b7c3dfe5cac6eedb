import { CompiledQuery } from 'kysely';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { pgRowReader } from '#server/db/pg-rows.ts';
import { SLICE_ROWS } from '#server/db/slices.ts';

type Sent = { name: string; text: string; rows?: number };

/** A pool that records what it is asked and answers no rows. */
function recordingPool() {
  const sent: Sent[] = [];
  const pool = { query: async (config: Sent) => (sent.push(config), { rows: [] }) };
  return { sent, pool: pool as unknown as pg.Pool };
}

// server/db/pg-rows.ts: PostgreSQL caches one plan per named statement; a plan made for small pages
// and reused for All sorted the whole catalogue.
describe('the PostgreSQL row reader', () => {
  const query = CompiledQuery.raw('select 1 limit $1', [500]);

  it('reads small and large results of one text as two named statements, each always the same', async () => {
    const { sent, pool } = recordingPool();
    const readRows = pgRowReader(pool);
    await readRows(query, 500);
    await readRows(query, 10_000);
    await readRows(query, 500);
    await readRows(query, 10_000);

    const [small, large, smallAgain, largeAgain] = sent.map((config) => config.name);
    expect(small).toMatch(/^rows_[0-9a-f]{32}$/);
    expect(large).toMatch(/^rows_large_[0-9a-f]{32}$/);
    expect(smallAgain).toBe(small);
    expect(largeAgain).toBe(large);
    expect(sent.every((config) => config.text === query.sql)).toBe(true);
  });

  it('fetches only a large result a slice at a time', async () => {
    const { sent, pool } = recordingPool();
    const readRows = pgRowReader(pool);
    await readRows(query, SLICE_ROWS);
    await readRows(query, SLICE_ROWS + 1);
    expect(sent.map((config) => config.rows)).toEqual([undefined, SLICE_ROWS]);
  });
});
