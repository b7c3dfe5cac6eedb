import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';
import { pagedBody, type ListSearch } from '../../lib/list-search.ts';
import { loggedRead } from '../../lib/logged.ts';

export const brandKeys = {
  all: ['brands'] as const,
  list: (search: ListSearch) => ['brands', 'list', search] as const,
  detail: (id: number) => ['brands', 'detail', id] as const,
  options: ['brands', 'options'] as const,
};

export const brandsListQuery = (search: ListSearch) =>
  queryOptions({
    queryKey: brandKeys.list(search),
    queryFn: () =>
      loggedRead('brands', async () => {
        const body = await pagedBody(search, { search: search.search }, async (count) => (await callApi('brands', count)).tableData.total);
        return (await callApi('brands', body)).tableData;
      }),
    placeholderData: keepPreviousData,
  });

export const brandQuery = (id: number) =>
  queryOptions({ queryKey: brandKeys.detail(id), queryFn: async () => (await callApi('brands/get-brand', { id })).brand });

/** The brand picker of the series and model forms. */
export const brandOptionsQuery = queryOptions({
  queryKey: brandKeys.options,
  queryFn: async () => (await callApi('brands/get-all-brands')).brands,
});
