import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresAdapter, PostgresDialect, type CompiledQuery, type Dialect } from 'kysely';
import pg from 'pg';
import { asKyselySqlite, openReader, sqliteRowReader } from './node-sqlite.ts';
import { sqliteReaders } from './sqlite-readers.ts';
import { pgRowReader } from './pg-rows.ts';
import { ImmediateSqliteDialect } from './sqlite-immediate.ts';
import type { Database } from './schema.ts';
import { tracedDialect } from './traced-dialect.ts';
import type { DatabaseKind, Db, OpenConnection, QueryTracer, RowReader } from './types.ts';

export type { Connection, DatabaseKind, Db, OpenConnection, PoolUsage, QueryTracer, RowReader, Store } from './types.ts';

const INT8_OID = 20;
/** How long an SQLite write waits for another process's write lock (§8.9: at least 5 s). */
const SQLITE_BUSY_TIMEOUT_MS = 10_000;

/** Whether a connection (or a transaction of it) is PostgreSQL's, for the few statements the two write differently. */
export const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

export function databaseKind(url: string): DatabaseKind {
  if (url.startsWith('sqlite:')) return 'sqlite';
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return 'postgres';
  throw new Error('DATABASE_URL must start with sqlite: or postgres://');
}

/** The database at `url`; with `trace`, every statement it runs goes through it (docs/design.md §8.7). */
export function connect(url: string, trace?: QueryTracer): OpenConnection {
  const opened = databaseKind(url) === 'sqlite' ? connectSqlite(url.slice('sqlite:'.length)) : connectPostgres(url);
  const db = new Kysely<Database>({ dialect: trace ? tracedDialect(opened.dialect, trace) : opened.dialect });
  const readRows = opened.readRows(db);
  return { db, kind: opened.kind, readRows: trace ? tracedReader(readRows, trace) : readRows, usage: opened.usage };
}

/** `readRows` with each read traced; a read in slices from its first slice asked for to its last taken. */
function tracedReader(readRows: RowReader, trace: QueryTracer): RowReader {
  async function* slices(query: CompiledQuery, expectedRows: number): AsyncGenerator<unknown[][]> {
    let end = () => {};
    let fail: (error: unknown) => void = () => {};
    const ended = new Promise<void>((resolve, reject) => ((end = resolve), (fail = reject)));
    const read = trace(query.sql, () => ended);
    // Its failure is the reader's own, thrown to the caller below.
    read.catch(() => {});
    try {
      yield* readRows.slices(query, expectedRows);
    } catch (error) {
      fail(error);
      throw error;
    } finally {
      end();
    }
  }
  return Object.assign((query: CompiledQuery, expectedRows: number) => trace(query.sql, () => readRows(query, expectedRows)), { slices });
}

/** A database opened: its dialect, its reader of large results (given the Kysely over it) and its pool's use. */
type Opened = Pick<OpenConnection, 'kind' | 'usage'> & { dialect: Dialect; readRows: (db: Db) => RowReader };

function connectSqlite(path: string): Opened {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  // Several server processes may share one file: a write waits up to 10 s for another's lock
  // (with transactions taking it first, sqlite-immediate.ts) instead of "database is locked".
  const database = new DatabaseSync(path, { timeout: SQLITE_BUSY_TIMEOUT_MS });
  database.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;');
  assertDurable(database, path);
  // Large reads run on connections of their own (node-sqlite.ts); an in-memory database is this connection's alone.
  const readers = path === ':memory:' ? undefined : sqliteReaders(() => openReader(path, SQLITE_BUSY_TIMEOUT_MS));
  const dialect = new ImmediateSqliteDialect({ database: asKyselySqlite(database, () => readers?.close()) });
  return { dialect, kind: 'sqlite', readRows: (db) => sqliteRowReader(database, db, readers), usage: () => ({ ...dialect.usage }) };
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

function connectPostgres(url: string): Opened {
  const pool = new pg.Pool({
    connectionString: url,
    // Counts and bigint columns (quantities, cents) are bounded well below 2^53: read them as numbers.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // PostgreSQL may end a connection at any time (a restart or failover, an administrator,
  // idle_session_timeout). The calls using it fail with their own error and the pool drops it
  // (pg marks it unusable); but pg also emits 'error' on the client, idle in the pool or checked
  // out by a call, and an 'error' event with no listener would stop the whole server.
  const ended = (error: Error) => process.emitWarning(`PostgreSQL ended a connection: ${error.message}`);
  pool.on('error', ended);
  pool.on('connect', (client) => client.on('error', ended));
  return {
    dialect: new PostgresDialect({ pool }),
    kind: 'postgres',
    readRows: () => pgRowReader(pool),
    usage: () => ({ inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
  };
}
