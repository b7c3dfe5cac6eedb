import { queryOptions } from '@tanstack/react-query';
import { callApi } from '#src/lib/api-client.ts';
import type { ListSearch } from '#src/lib/list-search.ts';
import { pagedListQuery } from '#src/lib/paged-list-query.ts';

// Every series query lives under ['series'], so one invalidation after a write also refreshes
// the series pickers of other screens (the model forms).
export const seriesKeys = {
  all: ['series'] as const,
  list: ['series', 'list'] as const,
  detail: (id: number) => ['series', 'detail', id] as const,
};

export const seriesListQuery = (search: ListSearch) =>
  pagedListQuery({ call: 'series', key: seriesKeys.list, search, filters: { search: search.search } });

export const seriesQuery = (id: number) =>
  queryOptions({ queryKey: seriesKeys.detail(id), queryFn: async () => (await callApi('series/get-series', { id })).series });
