import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CallReply } from '#src/contract/calls.ts';
import type { TableData } from '#src/contract/common.ts';
import { callApi } from './api-client.ts';
import { pagedBody, type ListSearch } from './list-search.ts';
import { loggedRead } from './logged.ts';

type SearchListCall = 'brands' | 'series' | 'users';
type Row<N extends SearchListCall> = CallReply<N>['tableData']['data'][number];

/** The list query of a screen whose only filter is the search box (brands, series, users). */
export function searchListQuery<N extends SearchListCall>(name: N, search: ListSearch) {
  return queryOptions({
    queryKey: [name, 'list', search] as const,
    queryFn: () =>
      loggedRead(name, async (): Promise<TableData<Row<N>>> => {
        const filters = { search: search.search };
        const body = await pagedBody(search, filters, async (count) => (await callApi<SearchListCall>(name, count)).tableData.total);
        return (await callApi<SearchListCall>(name, body)).tableData;
      }),
    placeholderData: keepPreviousData,
  });
}
