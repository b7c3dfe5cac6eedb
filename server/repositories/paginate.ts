import { sql } from 'kysely';
import type { TableData } from '../../src/contract/common.ts';

export type PageRequest = { page: number; per_page: number };

/**
 * Laravel's length-aware paginator: `from`/`to` are 1-based row numbers (null on an empty page),
 * `last_page` is at least 1, and the URLs are `path?page=N` or null past either end.
 */
export async function paginate<Row>(
  path: string,
  { page, per_page: perPage }: PageRequest,
  count: () => Promise<number>,
  rows: (limit: number, offset: number) => Promise<Row[]>,
): Promise<TableData<Row>> {
  const total = await count();
  const offset = (page - 1) * perPage;
  // Past the end there is nothing to read; this also keeps huge page numbers away from SQL.
  const data = offset < total ? await rows(Math.min(perPage, total - offset), offset) : [];
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const url = (n: number) => `${path}?page=${n}`;
  return {
    data,
    per_page: perPage,
    from: data.length > 0 ? offset + 1 : null,
    to: data.length > 0 ? offset + data.length : null,
    total,
    last_page: lastPage,
    current_page: page,
    first_page_url: url(1),
    last_page_url: url(lastPage),
    next_page_url: page < lastPage ? url(page + 1) : null,
    prev_page_url: page > 1 ? url(page - 1) : null,
    path,
  };
}

/** A case-insensitive substring pattern for the lower-cased `*_key` columns, wildcards escaped. */
export function containsPattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The LIKE operand with its escape character named, which SQLite and PostgreSQL both accept. */
export const likePattern = (pattern: string) => sql<string>`${pattern} escape '\\'`;
