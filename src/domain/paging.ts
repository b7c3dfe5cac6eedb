import type { TableData } from '#src/contract/common.ts';

export type PageRequest = { page: number; per_page: number };

/** Which rows a page holds: `null` past the end, so a huge page number never reaches a query. */
export function pageWindow({ page, per_page: perPage }: PageRequest, total: number): { offset: number; limit: number } | null {
  const offset = (page - 1) * perPage;
  return offset < total ? { offset, limit: Math.min(perPage, total - offset) } : null;
}

/**
 * Laravel's length-aware paginator: `from`/`to` are 1-based row numbers (null on an empty page),
 * `last_page` is at least 1, and the URLs are `path?page=N` or null past either end.
 */
export function tableData<Row>(path: string, request: PageRequest, total: number, data: Row[]): TableData<Row> {
  return { data, ...pageFacts(path, request, total, data.length) };
}

/** All of tableData but the rows, given how many the page holds: what follows rows written as they are read. */
export function pageFacts(
  path: string,
  { page, per_page: perPage }: PageRequest,
  total: number,
  rows: number,
): Omit<TableData<never>, 'data'> {
  const offset = (page - 1) * perPage;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const url = (n: number) => `${path}?page=${n}`;
  return {
    per_page: perPage,
    from: rows > 0 ? offset + 1 : null,
    to: rows > 0 ? offset + rows : null,
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
