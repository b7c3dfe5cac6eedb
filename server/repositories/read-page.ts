import { sql } from 'kysely';
import { nameKey } from '#src/domain/names.ts';
import { pageWindow, tableData, type PageRequest } from '#src/domain/paging.ts';

export type { PageRequest };

/**
 * One page of a query: the count, and only the rows that page holds. The two reads do not depend
 * on each other, so both are asked at once (on PostgreSQL they overlap on two connections); the
 * rows are then cut to the window the count gives, as if it had been asked first. An offset too
 * large to be exact waits for the count, which shows the page is past the end.
 */
export async function readPage<Row>(
  path: string,
  request: PageRequest,
  count: () => Promise<number>,
  rows: (limit: number, offset: number) => Promise<Row[]>,
) {
  const offset = (request.page - 1) * request.per_page;
  const counting = count();
  const early = Number.isSafeInteger(offset + request.per_page) ? rows(request.per_page, offset) : undefined;
  // Handled at once, so a failed early read is not left unhandled while the count runs.
  early?.catch(() => undefined);
  const total = Number(await counting);
  const window = pageWindow(request, total);
  if (!window) return tableData(path, request, total, []);
  return tableData(path, request, total, (await (early ?? rows(window.limit, window.offset))).slice(0, window.limit));
}

/** A case-insensitive substring pattern for the `*_key` columns (keyed alike), wildcards escaped. */
export function containsPattern(search: string): string {
  return `%${nameKey(search).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The LIKE operand with its escape character named, which SQLite and PostgreSQL both accept. */
export const likePattern = (pattern: string) => sql<string>`${pattern} escape '\\'`;
