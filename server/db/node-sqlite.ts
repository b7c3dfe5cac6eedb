import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { CompiledQuery, SqliteDatabase, SqliteStatement } from 'kysely';
import { allRows, SLICE_ROWS } from './slices.ts';
import type { SqliteReaders } from './sqlite-readers.ts';
import type { Db, RowReader } from './types.ts';

// Preparing a statement costs more than running a short query; the SQL texts the server runs are
// few (Kysely builds them from the code, values travel as parameters), so each is prepared once.
const CACHED_STATEMENTS = 500;

/** `prepare(sql)`, remembered by SQL text; past the limit the least recently used is dropped. */
function cached<T>(prepare: (sql: string) => T): (sql: string) => T {
  const statements = new Map<string, T>();
  return (sql) => {
    let statement = statements.get(sql);
    if (statement === undefined) {
      statement = prepare(sql);
      if (statements.size >= CACHED_STATEMENTS) statements.delete(statements.keys().next().value!);
    } else {
      statements.delete(sql);
    }
    statements.set(sql, statement);
    return statement;
  };
}

const params = (parameters: ReadonlyArray<unknown>) => parameters as SQLInputValue[];

/**
 * Kysely's SqliteDialect speaks better-sqlite3's interface; node:sqlite differs in two ways:
 * parameters are spread rather than passed as an array, and there is no `reader` flag, so it is
 * derived from the columns a statement returns (which also makes RETURNING work). A cached
 * statement is never run twice at once: Kysely lets one query at a time use the connection.
 * `onClose` runs as Kysely closes it (the large reads' connections go with it).
 */
export function asKyselySqlite(database: DatabaseSync, onClose: () => void): SqliteDatabase {
  return {
    close: () => {
      onClose();
      database.close();
    },
    prepare: cached((sql): SqliteStatement => {
      const statement = database.prepare(sql);
      return {
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...params(parameters)),
        run: (parameters) => statement.run(...params(parameters)),
        iterate: (parameters) => statement.iterate(...params(parameters)),
      };
    }),
  };
}

/** A statement of `database` prepared once per SQL text, answering its rows as arrays. */
function arrayStatements(database: DatabaseSync): (sql: string) => StatementSync {
  return cached((sql) => {
    const statement = database.prepare(sql);
    statement.setReturnArrays(true);
    return statement;
  });
}

/** The rows of `statement`, a slice at a time with the event loop let run between (one statement, one snapshot). */
async function* slicesOf(statement: StatementSync, parameters: ReadonlyArray<unknown>): AsyncGenerator<unknown[][]> {
  const iterator = statement.iterate(...params(parameters));
  try {
    let slice: unknown[][] = [];
    for (let next = iterator.next(); !next.done; next = iterator.next()) {
      if (slice.push(next.value as unknown as unknown[]) < SLICE_ROWS) continue;
      yield slice;
      slice = [];
      await nextTurn();
    }
    if (slice.length > 0) yield slice;
  } finally {
    iterator.return?.();
  }
}

type Reader = { database: DatabaseSync; prepare: (sql: string) => StatementSync };

/** A read-only connection to the file at `path`, with its own prepared statements (sqlite-readers.ts). */
export function openReader(path: string, timeout: number): Reader {
  const database = new DatabaseSync(path, { readOnly: true, timeout });
  return { database, prepare: arrayStatements(database) };
}

/**
 * Reads rows as arrays (node:sqlite builds a slow dictionary object per row otherwise). A small
 * read runs on the server's connection under Kysely's lock. node:sqlite is synchronous, so a
 * large result is read in slices with the event loop let run between them, on a read-only
 * connection of `readers` (a file's; an in-memory database has none, and its large reads hold the
 * one connection throughout): the server's connection stays free for every other call meanwhile,
 * which on it waited for the whole read (1.7-3.5 s while three 300,000-row log pages were read).
 */
export function sqliteRowReader(database: DatabaseSync, db: Db, readers: SqliteReaders<Reader> | undefined): RowReader {
  const prepare = arrayStatements(database);
  const onServersConnection = (query: CompiledQuery, expectedRows: number) =>
    db.connection().execute(async () => {
      const statement = prepare(query.sql);
      if (expectedRows <= SLICE_ROWS) return statement.all(...params(query.parameters)) as unknown as unknown[][];
      return allRows(slicesOf(statement, query.parameters));
    });
  async function* slices(query: CompiledQuery, expectedRows: number): AsyncGenerator<unknown[][]> {
    if (expectedRows > SLICE_ROWS && readers) yield* readers.lend((reader) => slicesOf(reader.prepare(query.sql), query.parameters));
    else {
      // An in-memory database: read whole under the lock, then handed on a slice at a time still.
      const rows = await onServersConnection(query, expectedRows);
      for (let start = 0; start < rows.length; start += SLICE_ROWS) yield rows.slice(start, start + SLICE_ROWS);
    }
  }
  const readRows = (query: CompiledQuery, expectedRows: number) =>
    expectedRows > SLICE_ROWS && readers ? allRows(slices(query, expectedRows)) : onServersConnection(query, expectedRows);
  return Object.assign(readRows, { slices });
}
