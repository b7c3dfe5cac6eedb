import { sql } from 'kysely';
import { pageWindow, tableData, type PageRequest } from '../../src/domain/paging.ts';

export type { PageRequest };

/** One page of a query: the count, then only the rows that page holds. */
export async function paginate<Row>(
  path: string,
  request: PageRequest,
  count: () => Promise<number>,
  rows: (limit: number, offset: number) => Promise<Row[]>,
) {
  const total = Number(await count());
  const window = pageWindow(request, total);
  return tableData(path, request, total, window ? await rows(window.limit, window.offset) : []);
}

/** A case-insensitive substring pattern for the lower-cased `*_key` columns, wildcards escaped. */
export function containsPattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The LIKE operand with its escape character named, which SQLite and PostgreSQL both accept. */
export const likePattern = (pattern: string) => sql<string>`${pattern} escape '\\'`;
