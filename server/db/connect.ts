import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresDialect, SqliteDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { asKyselySqlite, sqliteRowReader } from './node-sqlite.ts';
import { pgRowReader } from './pg-rows.ts';
import type { Database } from './schema.ts';

export type DatabaseKind = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
/**
 * Runs a compiled SELECT on its own (outside any transaction) and answers its rows as arrays of
 * column values, in the select's order: for large reads, which objects per row would slow down.
 * `expectedRows` (the LIMIT) tells whether the read is worth doing in slices.
 */
export type RowReader = (query: CompiledQuery, expectedRows: number) => Promise<unknown[][]>;
export type Connection = { db: Db; kind: DatabaseKind };
/** What connect() opens: the connection and its reader of large results. */
export type OpenConnection = Connection & { readRows: RowReader };

const INT8_OID = 20;

export function databaseKind(url: string): DatabaseKind {
  if (url.startsWith('sqlite:')) return 'sqlite';
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return 'postgres';
  throw new Error('DATABASE_URL must start with sqlite: or postgres://');
}

export function connect(url: string): OpenConnection {
  return databaseKind(url) === 'sqlite' ? connectSqlite(url.slice('sqlite:'.length)) : connectPostgres(url);
}

function connectSqlite(path: string): OpenConnection {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  // A busy timeout lets several server processes share one file without "database is locked".
  const database = new DatabaseSync(path, { timeout: 10_000 });
  database.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;');
  assertDurable(database, path);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: asKyselySqlite(database) }) });
  return { db, kind: 'sqlite', readRows: sqliteRowReader(database, db) };
}

/** A write that answered 200 must be on disk: refuse to run in any weaker mode. */
function assertDurable(database: DatabaseSync, path: string) {
  const journal = database.prepare('PRAGMA journal_mode').get()?.journal_mode;
  const synchronous = database.prepare('PRAGMA synchronous').get()?.synchronous;
  const foreignKeys = database.prepare('PRAGMA foreign_keys').get()?.foreign_keys;
  const wantJournal = path === ':memory:' ? 'memory' : 'wal';
  if (journal !== wantJournal || synchronous !== 2 || foreignKeys !== 1) {
    throw new Error(
      `SQLite must run with journal_mode=WAL, synchronous=FULL, foreign_keys=ON (got ${journal}, ${synchronous}, ${foreignKeys})`,
    );
  }
}

function connectPostgres(url: string): OpenConnection {
  const pool = new pg.Pool({
    connectionString: url,
    // Counts and bigint columns (quantities, cents) are bounded well below 2^53: read them as numbers.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // PostgreSQL may end an idle connection (a restart, an administrator, a dropped database): the
  // pool discards it and opens another at the next query, but with no listener the error would
  // be uncaught and stop the whole server.
  pool.on('error', (error) => process.emitWarning(`PostgreSQL ended an idle connection: ${error.message}`));
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres', readRows: pgRowReader(pool) };
}
