import { queryOptions } from '@tanstack/react-query';
import { callApi } from '#src/lib/api-client.ts';
import type { ListSearch } from '#src/lib/list-search.ts';
import { pagedListQuery } from '#src/lib/paged-list-query.ts';

export const brandKeys = {
  all: ['brands'] as const,
  list: ['brands', 'list'] as const,
  detail: (id: number) => ['brands', 'detail', id] as const,
  options: ['brands', 'options'] as const,
};

export const brandsListQuery = (search: ListSearch) =>
  pagedListQuery({ call: 'brands', key: brandKeys.list, search, filters: { search: search.search } });

export const brandQuery = (id: number) =>
  queryOptions({ queryKey: brandKeys.detail(id), queryFn: async () => (await callApi('brands/get-brand', { id })).brand });

/** The brand picker of the series and model forms. */
export const brandOptionsQuery = queryOptions({
  queryKey: brandKeys.options,
  queryFn: async () => (await callApi('brands/get-all-brands')).brands,
});
