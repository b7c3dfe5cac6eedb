import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { SLICE_ROWS } from './slices.ts';
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
 */
export function asKyselySqlite(database: DatabaseSync): SqliteDatabase {
  return {
    close: () => database.close(),
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

/**
 * Reads rows as arrays (node:sqlite builds a slow dictionary object per row otherwise). node:sqlite
 * is synchronous, so a large result is read in slices with the event loop let run between them;
 * it stays one statement, one snapshot, and Kysely's lock on the connection is held throughout,
 * so no other query (nor another request's transaction) runs on the connection in between.
 */
export function sqliteRowReader(database: DatabaseSync, db: Db): RowReader {
  const prepare = cached((sql): StatementSync => {
    const statement = database.prepare(sql);
    statement.setReturnArrays(true);
    return statement;
  });
  return (query, expectedRows) =>
    db.connection().execute(async () => {
      const statement = prepare(query.sql);
      if (expectedRows <= SLICE_ROWS) return statement.all(...params(query.parameters)) as unknown as unknown[][];
      const rows: unknown[][] = [];
      const iterator = statement.iterate(...params(query.parameters));
      try {
        for (let next = iterator.next(); !next.done; next = iterator.next()) {
          if (rows.push(next.value as unknown as unknown[]) % SLICE_ROWS === 0) await nextTurn();
        }
      } finally {
        iterator.return?.();
      }
      return rows;
    });
}
