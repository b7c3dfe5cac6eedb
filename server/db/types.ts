import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema.ts';

// The connection's types live apart from connect.ts, so the drivers it opens can name them
// without importing it back.

export type DatabaseKind = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
/**
 * Runs a compiled SELECT on its own (outside any transaction) and answers its rows as arrays of
 * column values, in the select's order: for large reads, which objects per row would slow down.
 * `expectedRows` (the LIMIT) tells whether the read is worth doing in slices.
 */
export type RowReader = {
  (query: CompiledQuery, expectedRows: number): Promise<unknown[][]>;
  /**
   * The same rows a slice (SLICE_ROWS) at a time, each read only once the one before has been
   * taken (one ahead at most), so that a large page is made rows and written a slice at a time and
   * never held whole (server/http/paged-json.ts). Leaving the loop early ends the read.
   */
  slices(query: CompiledQuery, expectedRows: number): AsyncIterable<unknown[][]>;
};
export type Connection = { db: Db; kind: DatabaseKind };
/**
 * The database with its reader of large results, which travel together: what a paged read or the
 * session check is given (server/repositories/read-page.ts).
 */
export type Store = { db: Db; readRows: RowReader };
/**
 * Runs one statement (its SQL text, parameters apart) and answers what it answers: how tracing
 * (server/tracing/) sees each query without the database code knowing of it.
 */
export type QueryTracer = <T>(sql: string, run: () => Promise<T>) => Promise<T>;
/** The connections in use by queries and the queries waiting for one, now (GET /metrics). */
export type PoolUsage = { inUse: number; waiting: number };
/** What connect() opens: the connection, its reader of large results and how busy its pool is. */
export type OpenConnection = Connection & Store & { usage(): PoolUsage };
