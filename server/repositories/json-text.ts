import { sql, type RawBuilder } from 'kysely';
import { isPostgres, type Db } from '#server/db/connect.ts';

// JSON text made by the database from a row's columns, character for character what
// JSON.stringify makes of the values JavaScript reads from them: audit entries the database
// writes itself (audit.ts, recordAuditsMade) read exactly as those JavaScript writes.

/**
 * A text column as a JSON string. Both databases escape as JSON.stringify does: `"`, `\`, the
 * short escapes of \b \f \n \r \t and `\u00xx` (lower-case) for the other control characters,
 * nothing else; a stored text holds no lone surrogate (json-rows.ts).
 */
export const jsonString = (db: Db, column: string): RawBuilder<unknown> =>
  isPostgres(db) ? sql`to_json(${sql.ref(column)})::text` : sql`json_quote(${sql.ref(column)})`;

/** An integer column as its text, as JSON writes the number (neither database adds a decimal point to an integer). */
export const jsonInteger = (column: string): RawBuilder<unknown> => sql`CAST(${sql.ref(column)} AS text)`;

/**
 * A column of whole hundredths or thousandths (`scale` 100 or 1000: cents, milli-kW), not
 * negative, as JSON writes it divided by `scale` (model-units.ts): the shortest decimal, so no
 * trailing zeros and no point for a whole number (`250`, `250.5`, `2.125`). Worked out in whole
 * numbers: the fraction is the remainder written past a leading 1 (`scale` + remainder), its
 * trailing zeros cut.
 */
export function jsonDecimal(column: string, scale: 100 | 1000): RawBuilder<unknown> {
  const value = sql.ref(column);
  return sql`CAST(${value} / ${sql.lit(scale)} AS text) || CASE WHEN ${value} % ${sql.lit(scale)} = 0 THEN '' ELSE '.' || rtrim(substr(CAST(${value} % ${sql.lit(scale)} + ${sql.lit(scale)} AS text), 2), '0') END`;
}
