import { callPath, type CallResponse, type PagedCallName } from '#src/contract/calls.ts';
import { pageWindow, tableData, type PageRequest } from '#src/domain/paging.ts';

type Row<N extends PagedCallName> = CallResponse<N>['tableData']['data'][number];

/** A paged call's answer over an in-memory list, as the server's paginator writes it, its URLs under the call's path. */
export function pagedAnswer<N extends PagedCallName>(name: N, request: PageRequest, rows: readonly Row<N>[]) {
  const window = pageWindow(request, rows.length);
  return {
    tableData: tableData(callPath(name), request, rows.length, window ? rows.slice(window.offset, window.offset + window.limit) : []),
  };
}
