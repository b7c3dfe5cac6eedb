import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type Compilable } from 'kysely';
import type { RowReader } from '#server/db/connect.ts';
import { nameKey } from '#src/domain/names.ts';
import { pageWindow, tableData, type PageRequest } from '#src/domain/paging.ts';

export type { PageRequest };

/**
 * One page of a query: the count, then only the rows of the window it gives (none past the end).
 * One after the other, not both at once: on PostgreSQL, at once meant two connections per call,
 * and under load the bench measured our process spending 0.15–0.4 ms more CPU per 500-row call
 * that way (two database sessions woken per call instead of one); a single user waits one count
 * longer, about a millisecond.
 */
export async function readPage<Row>(
  path: string,
  request: PageRequest,
  count: () => Promise<number>,
  rows: (limit: number, offset: number) => Promise<Row[]>,
) {
  const total = Number(await count());
  const window = pageWindow(request, total);
  if (!window) return tableData(path, request, total, []);
  return tableData(path, request, total, await rows(window.limit, window.offset));
}

/** Rows made contract rows in one go before the event loop may run: about a millisecond's work. */
const SLICE_ROWS = 1_000;

/**
 * `rowOf` over the values a RowReader gave, a slice at a time with the event loop let run between.
 * The values are consumed: each is let go once made a row, so a large page is not held twice over
 * (fewer live objects, shorter garbage-collection pauses).
 */
export async function rowsInSlices<Row>(values: (unknown[] | undefined)[], rowOf: (values: unknown[]) => Row): Promise<Row[]> {
  const rows: Row[] = [];
  for (let i = 0; i < values.length; i++) {
    if (i > 0 && i % SLICE_ROWS === 0) await nextTurn();
    rows.push(rowOf(values[i]!));
    values[i] = undefined;
  }
  return rows;
}

/** The key a selected column gives a row: its alias, else its column name (`'t.c as a'` → a, `'t.c'` → c). */
const keyOf = (column: string) => column.split(' as ')[1] ?? column.slice(column.lastIndexOf('.') + 1);

/**
 * The rows of a page query that selects `columns`, read through the RowReader (in slices for a
 * large page, see server/db) and made contract rows a slice at a time: every paged call reads a
 * page of any size this way, so none holds the event loop long (docs/design.md §7.6).
 */
export async function readRowsInSlices<Selected, Row>(
  readRows: RowReader,
  columns: readonly string[],
  query: Compilable<Selected>,
  limit: number,
  rowOf: (row: Selected) => Row,
): Promise<Row[]> {
  const keys = columns.map(keyOf);
  const values = await readRows(query.compile(), limit);
  return rowsInSlices(values, (row) => {
    const named: Record<string, unknown> = {};
    for (const [i, key] of keys.entries()) named[key] = row[i];
    return rowOf(named as Selected);
  });
}

/** A case-insensitive substring pattern for the `*_key` columns (keyed alike), wildcards escaped. */
export function containsPattern(search: string): string {
  return `%${nameKey(search).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The LIKE operand with its escape character named, which SQLite and PostgreSQL both accept. */
export const likePattern = (pattern: string) => sql<string>`${pattern} escape '\\'`;
