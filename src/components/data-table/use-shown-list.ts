import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { TableData } from '#src/contract/common.ts';

/** What the shared table says besides its rows (docs/design.md §7.7). */
export type ListStatus = {
  /** The last call failed: the rows shown (if any) are older than the request. */
  failed: boolean;
  /** The rows shown are being replaced: another page, page size, search, filter or sort. */
  busy: boolean;
  retry: () => void;
};

export type ShownList<Row> = { table: TableData<Row> | undefined; loading: boolean; status: ListStatus };

/**
 * A list query as the table shows it. React Query keeps the previous rows while a new request is
 * on its way (`keepPreviousData`), but drops them once that request fails; the table keeps them
 * then, so a failure never reads as 'No Record Found.' (docs/design.md §7.7).
 */
export function useShownList<Row>(query: UseQueryResult<TableData<Row>>): ShownList<Row> {
  const [kept, setKept] = useState(query.data);
  // Adjusting state while rendering (react.dev "storing information from previous renders").
  if (query.data !== undefined && query.data !== kept) setKept(query.data);
  const table = query.data ?? kept;
  return {
    table,
    loading: query.isPending && table === undefined,
    status: {
      failed: query.isError,
      // A background refetch of the same rows (after a write) is no replacement.
      busy: query.isFetching && table !== undefined && (query.isPlaceholderData || query.data === undefined),
      retry: () => void query.refetch(),
    },
  };
}
