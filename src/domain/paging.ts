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
export function tableData<Row>(path: string, { page, per_page: perPage }: PageRequest, total: number, data: Row[]): TableData<Row> {
  const offset = (page - 1) * perPage;
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
