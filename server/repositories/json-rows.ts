import { sql, type RawBuilder } from 'kysely';
import { isPostgres, type Db } from '#server/db/connect.ts';

// Many rows written by one statement whose values arrive as one JSON parameter, an array of
// arrays, that the database reads back as a table (SQLite's jsonb_each, PostgreSQL's
// jsonb_array_elements: parsed once, each value then read without parsing its row again).
// Kysely's multi-row VALUES built and compiled a node per value: for an import of 10,000 models
// with their audit entries that took longer than the database's own writes (docs/performance.md).
// One parameter also has no parameter limit to chunk under.

/** How PostgreSQL types a column read from the JSON (SQLite takes a JSON number or text as it is). */
export type JsonColumnType = 'integer' | 'bigint' | 'text';

/**
 * The rows as JSON, a lone surrogate (which JSON.stringify writes as its escape, and PostgreSQL's
 * jsonb refuses) as U+FFFD, what it became when each value was its own UTF-8 parameter. Every
 * escape is read from its backslash, so an escaped backslash before "ud800" is left alone.
 */
function rowsJson(rows: readonly (readonly unknown[])[]): string {
  const json = JSON.stringify(rows);
  if (!/\\ud[89a-f]/i.test(json)) return json;
  return json.replace(/\\(?:ud[89a-f][0-9a-f]{2}|.)/gi, (escape) => (escape.length === 6 ? '\ufffd' : escape));
}

/** A value the same on every row, sent once as a parameter of its own. */
export type SharedValue = { value: string | number | null; type: JsonColumnType };

/** Shared values as the first columns of a SELECT, each followed by its comma (PostgreSQL types a bare parameter there as text). */
export const sharedColumns = (db: Db, shared: readonly SharedValue[]): RawBuilder<unknown> =>
  sql.join(
    shared.map(({ value, type }) => (isPostgres(db) ? sql`CAST(${value} AS ${sql.raw(type)}), ` : sql`${value}, `)),
    sql``,
  );

/**
 * `SELECT <shared values>, <each row's values> FROM <the rows>`, to follow `INSERT INTO table
 * (columns)` naming the shared columns first: each row an array of its values in the order of
 * `types`, a JSON null a NULL.
 */
export function jsonRowsSelect(
  db: Db,
  types: readonly JsonColumnType[],
  rows: readonly (readonly unknown[])[],
  shared: readonly SharedValue[] = [],
): RawBuilder<unknown> {
  const postgres = isPostgres(db);
  const json = rowsJson(rows);
  const rowColumns = types.map((type, at) => (postgres && type !== 'text' ? `(value->>${at})::${type}` : `value->>${at}`)).join(', ');
  const source = postgres ? sql`jsonb_array_elements(${json}::jsonb)` : sql`jsonb_each(${json})`;
  return sql`SELECT ${sharedColumns(db, shared)}${sql.raw(rowColumns)} FROM ${source}`;
}
