import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Kysely's SqliteDialect speaks better-sqlite3's interface; node:sqlite differs in two ways:
 * parameters are spread rather than passed as an array, and there is no `reader` flag, so it is
 * derived from the columns a statement returns (which also makes RETURNING work).
 */
export function asKyselySqlite(database: DatabaseSync): SqliteDatabase {
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      const statement = database.prepare(sql);
      const params = (parameters: ReadonlyArray<unknown>) => parameters as SQLInputValue[];
      return {
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...params(parameters)),
        run: (parameters) => statement.run(...params(parameters)),
        iterate: (parameters) => statement.iterate(...params(parameters)),
      };
    },
  };
}
