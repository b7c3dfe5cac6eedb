import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { RowReader } from './types.ts';

/** Rows fetched per round trip for a large result: each lot is parsed in a few milliseconds. */
const SLICE_ROWS = 1_000;

/**
 * Reads rows as arrays through a named statement: PostgreSQL parses and plans each SQL text once
 * per connection, and pg builds no object per row. The name is derived from the SQL text, so one
 * text is one statement on every connection of the pool.
 *
 * A large result is fetched a slice at a time (pg's `rows`: the portal is executed that many rows
 * at a time, in one snapshot). Fetched whole, its megabytes arrive in one burst that libuv hands
 * to pg in one turn of the event loop, and parsing them all held the loop for tens of milliseconds.
 */
export function pgRowReader(pool: pg.Pool): RowReader {
  const names = new Map<string, string>();
  const nameOf = (sql: string) => {
    let name = names.get(sql);
    if (name === undefined) names.set(sql, (name = `rows_${createHash('sha256').update(sql).digest('hex').slice(0, 32)}`));
    return name;
  };
  return async (query, expectedRows) => {
    const config: pg.QueryArrayConfig & { rows?: number } = {
      name: nameOf(query.sql),
      text: query.sql,
      values: [...query.parameters],
      rowMode: 'array',
    };
    if (expectedRows > SLICE_ROWS) config.rows = SLICE_ROWS;
    return (await pool.query<unknown[]>(config)).rows;
  };
}
