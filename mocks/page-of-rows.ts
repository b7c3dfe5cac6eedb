import { pageWindow, tableData, type PageRequest } from '#src/domain/paging.ts';

/** The server's paginator over an in-memory list. */
export function pageOfRows<Row>(path: string, request: PageRequest, rows: readonly Row[]) {
  const window = pageWindow(request, rows.length);
  return tableData(path, request, rows.length, window ? rows.slice(window.offset, window.offset + window.limit) : []);
}
