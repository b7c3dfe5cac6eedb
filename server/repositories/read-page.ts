import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type Compilable, type SelectQueryBuilder } from 'kysely';
import type { Store } from '#server/db/connect.ts';
import type { Database } from '#server/db/schema.ts';
import { SLICE_ROWS } from '#server/db/slices.ts';
import { nameKey } from '#src/domain/names.ts';
import { pageWindow, type PageRequest } from '#src/domain/paging.ts';

export type { PageRequest };

/**
 * How many rows the whole list holds and the page's rows, a slice at a time as they are read: the
 * call's answer is written around them a slice at a time (server/http/paged-json.ts), so a page of
 * any size is never held whole.
 */
export type Page<Row> = { total: number; rows: AsyncIterable<Row[]> };

/** How a read's rows, which the RowReader gives as arrays of values, become contract rows. */
export type RowsOf<Selected, Row> =
  /** Each keyed by its columns' names first (`'t.c as a'` → a, `'t.c'` → c). */
  | { columns: readonly string[]; rowOf: (row: Selected) => Row }
  /** Each from its values as they come, in the select's order: no object in between, for the models list (All: 10,000 rows). */
  | { rowOfValues: (values: unknown[]) => Row };

/** What a paged list gives the one paged read: its rows as filtered, the query of a page, and how a row is made. */
export type ListQuery<Tables extends keyof Database, Selected, Row> = RowsOf<Selected, Row> & {
  /** The list's FROM and WHERE, no columns: the page's total counts them. */
  counted: SelectQueryBuilder<Database, Tables, object>;
  /**
   * Counted through the RowReader (a named statement on PostgreSQL), as the bench's baseline counts
   * the models list; otherwise as Kysely runs any query.
   */
  countThroughReader?: true;
  /** The page: the columns selected, the list's order, `limit` rows from `offset`. */
  page: (limit: number, offset: number) => Compilable<Selected>;
};

/**
 * One page of a list: the count, then only the rows of the window it gives (none past the end),
 * read as they are written. One after the other, not both at once: on PostgreSQL, at once meant
 * two connections per call, and under load the bench measured our process spending 0.15–0.4 ms
 * more CPU per 500-row call that way (two database sessions woken per call instead of one); a
 * single user waits one count longer, about a millisecond. Every paged call reads its page here.
 */
export async function readPage<Tables extends keyof Database, Selected, Row>(
  store: Store,
  request: PageRequest,
  list: ListQuery<Tables, Selected, Row>,
): Promise<Page<Row>> {
  const total = Number(await countRows(store, list));
  const window = pageWindow(request, total);
  if (!window) return { total, rows: noSlices() };
  const query = list.page(window.limit, window.offset).compile();
  return { total, rows: rowSlices(store.readRows.slices(query, window.limit), valuesToRow(list)) };
}

/** The rows of a page past the end. */
async function* noSlices(): AsyncGenerator<never> {}

/** A page's slices made something else a slice at a time (names looked up for a slice's rows, say). */
export async function* mapSlices<Row, Mapped>(
  slices: AsyncIterable<Row[]>,
  map: (rows: Row[]) => Promise<Mapped[]>,
): AsyncGenerator<Mapped[]> {
  for await (const rows of slices) yield await map(rows);
}

/**
 * Each slice of values made rows, and let go: only the slice being written is held. The event loop
 * runs between two: a slice read ahead is at hand at once, and without a turn it was made rows in
 * the same turn as the slice before was written as JSON.
 */
async function* rowSlices<Row>(slices: AsyncIterable<unknown[][]>, rowOf: (values: unknown[]) => Row): AsyncGenerator<Row[]> {
  let first = true;
  for await (const values of slices) {
    if (!first) await nextTurn();
    first = false;
    yield values.map(rowOf);
  }
}

async function countRows<Tables extends keyof Database>(
  { readRows }: Store,
  { counted, countThroughReader }: Pick<ListQuery<Tables, unknown, unknown>, 'counted' | 'countThroughReader'>,
): Promise<number> {
  const query = counted.select((eb) => eb.fn.countAll<number>().as('count'));
  if (!countThroughReader) return (await query.executeTakeFirstOrThrow()).count;
  const [[count]] = (await readRows(query.compile(), 1)) as [[number]];
  return count;
}

/**
 * The rows of a query, read through the RowReader (in slices for a large read, see server/db) and
 * made contract rows a slice at a time, the event loop let run between: a read of any size holds
 * it for no long stretch (docs/design.md §7.6). `expectedRows`: the LIMIT, or any number past a
 * slice for every row.
 */
export async function readRowsInSlices<Selected, Row>(
  { readRows }: Store,
  query: Compilable<Selected>,
  expectedRows: number,
  rowsOf: RowsOf<Selected, Row>,
): Promise<Row[]> {
  return rowsInSlices(await readRows(query.compile(), expectedRows), valuesToRow(rowsOf));
}

/**
 * The rows of a query as readRowsInSlices makes them, but handed on a slice at a time as they are
 * read (on PostgreSQL a portal's SLICE_ROWS rows at a time, see server/db), each let go once taken:
 * for a reader that writes them as they come (an export), so a read of any size is never held whole.
 */
export function rowSlicesOf<Selected, Row>(
  { readRows }: Store,
  query: Compilable<Selected>,
  expectedRows: number,
  rowsOf: RowsOf<Selected, Row>,
): AsyncIterable<Row[]> {
  return rowSlices(readRows.slices(query.compile(), expectedRows), valuesToRow(rowsOf));
}

/** The key a selected column gives a row: its alias, else its column name (`'t.c as a'` → a, `'t.c'` → c). */
const keyOf = (column: string) => column.split(' as ')[1] ?? column.slice(column.lastIndexOf('.') + 1);

function valuesToRow<Selected, Row>(rowsOf: RowsOf<Selected, Row>): (values: unknown[]) => Row {
  if ('rowOfValues' in rowsOf) return rowsOf.rowOfValues;
  const keys = rowsOf.columns.map(keyOf);
  return (values) => {
    const named: Record<string, unknown> = {};
    for (const [i, key] of keys.entries()) named[key] = values[i];
    return rowsOf.rowOf(named as Selected);
  };
}

/**
 * `rowOf` over the values a RowReader gave, a slice at a time with the event loop let run between.
 * The values are consumed: each is let go once made a row, so a large page is not held twice over
 * (fewer live objects, shorter garbage-collection pauses).
 */
async function rowsInSlices<Row>(values: (unknown[] | undefined)[], rowOf: (values: unknown[]) => Row): Promise<Row[]> {
  const rows: Row[] = [];
  for (let i = 0; i < values.length; i++) {
    if (i > 0 && i % SLICE_ROWS === 0) await nextTurn();
    rows.push(rowOf(values[i]!));
    values[i] = undefined;
  }
  return rows;
}

/** A case-insensitive substring pattern for the `*_key` columns (keyed alike), wildcards escaped. */
export function containsPattern(search: string): string {
  return `%${nameKey(search).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The LIKE operand with its escape character named, which SQLite and PostgreSQL both accept. */
export const likePattern = (pattern: string) => sql<string>`${pattern} escape '\\'`;
