import { createHash } from 'node:crypto';
import type { CompiledQuery } from 'kysely';
import type pg from 'pg';
import { SLICE_ROWS } from './slices.ts';
import { PortalQuery } from './pg-portal.ts';
import type { RowReader } from './types.ts';

/**
 * Reads rows as arrays through a named statement: PostgreSQL parses and plans each SQL text once
 * per connection, and pg builds no object per row. The name is derived from the SQL text, so one
 * text is one statement on every connection of the pool.
 *
 * Small and large reads of one text are two statements, each with its own cached plan. Shared,
 * a 500-row page kept PostgreSQL planning each run afresh (the generic plan costs more at that
 * size), and for All that plan hashed the catalogue and sorted it whole, ten times slower than
 * the index walk the generic plan takes: All answered half as many requests after the server had
 * served small pages.
 *
 * A large result is fetched a slice at a time (pg's `rows`: the portal is executed that many rows
 * at a time, in one snapshot). Fetched whole, its megabytes arrive in one burst that libuv hands
 * to pg in one turn of the event loop, and parsing them all held the loop for tens of milliseconds.
 * `slices` hands them on as they come, one slice ahead of the reader at most (pg-portal.ts), on a
 * connection of the pool held until the last is taken or the reader leaves.
 */
export function pgRowReader(pool: pg.Pool): RowReader {
  // Keyed by the SQL text itself, one map per size: a key made by joining a prefix to the text was
  // a new string each call, copied and hashed whole for every lookup.
  const names = { small: new Map<string, string>(), large: new Map<string, string>() };
  const nameOf = (sql: string, large: boolean) => {
    const known = large ? names.large : names.small;
    let name = known.get(sql);
    if (name === undefined)
      known.set(sql, (name = (large ? 'rows_large_' : 'rows_') + createHash('sha256').update(sql).digest('hex').slice(0, 32)));
    return name;
  };
  const config = (query: CompiledQuery, large: boolean): pg.QueryArrayConfig => ({
    name: nameOf(query.sql, large),
    text: query.sql,
    values: [...query.parameters],
    rowMode: 'array',
  });
  const readRows = async (query: CompiledQuery, expectedRows: number) => {
    const large = expectedRows > SLICE_ROWS;
    const whole: pg.QueryArrayConfig & { rows?: number } = config(query, large);
    if (large) whole.rows = SLICE_ROWS;
    return (await pool.query<unknown[]>(whole)).rows;
  };
  async function* slices(query: CompiledQuery, expectedRows: number): AsyncGenerator<unknown[][]> {
    if (expectedRows <= SLICE_ROWS) {
      yield await readRows(query, expectedRows);
      return;
    }
    const client = await pool.connect();
    const portal = new PortalQuery(config(query, true));
    let failed = false;
    try {
      client.query(portal);
      for (let slice = await portal.take(); slice; slice = await portal.take()) yield slice;
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      if (!failed) await portal.end();
      // After an error PostgreSQL waits for a Sync that nothing sends: the connection goes.
      client.release(failed);
    }
  }
  return Object.assign(readRows, { slices });
}
