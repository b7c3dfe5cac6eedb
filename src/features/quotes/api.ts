import { queryOptions } from '@tanstack/react-query';
import { callApi } from '#src/lib/api-client.ts';
import { rowsSearch } from '#src/lib/list-search.ts';
import { pagedListQuery } from '#src/lib/paged-list-query.ts';
import type { QuotesSearch } from './search.ts';

export const quoteKeys = {
  all: ['quotes'] as const,
  list: ['quotes', 'list'] as const,
  detail: (id: number) => ['quotes', 'detail', id] as const,
};

export const quotesListQuery = (search: QuotesSearch) =>
  pagedListQuery({
    call: 'quotes',
    key: quoteKeys.list,
    search: rowsSearch(search),
    filters: { search: search.search, status: search.status },
  });

export const quoteQuery = (id: number) =>
  queryOptions({ queryKey: quoteKeys.detail(id), queryFn: async () => (await callApi('quotes/get', { id })).quote });
