import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';
import { pagedBody, type ListSearch } from '../../lib/list-search.ts';
import { loggedRead } from '../../lib/logged.ts';

// Every series query lives under ['series'], so one invalidation after a write also refreshes
// the series pickers of other screens (the model forms).
export const seriesKeys = {
  all: ['series'] as const,
  list: (search: ListSearch) => ['series', 'list', search] as const,
  detail: (id: number) => ['series', 'detail', id] as const,
};

export const seriesListQuery = (search: ListSearch) =>
  queryOptions({
    queryKey: seriesKeys.list(search),
    queryFn: () =>
      loggedRead('series', async () => {
        const body = await pagedBody(search, { search: search.search }, async (count) => (await callApi('series', count)).tableData.total);
        return (await callApi('series', body)).tableData;
      }),
    placeholderData: keepPreviousData,
  });

export const seriesQuery = (id: number) =>
  queryOptions({ queryKey: seriesKeys.detail(id), queryFn: async () => (await callApi('series/get-series', { id })).series });
