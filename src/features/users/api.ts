import { queryOptions } from '@tanstack/react-query';
import { callApi } from '#src/lib/api-client.ts';
import type { ListSearch } from '#src/lib/list-search.ts';
import { searchListQuery } from '#src/lib/search-list-query.ts';

export const userKeys = {
  all: ['users'] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
};

export const usersListQuery = (search: ListSearch) => searchListQuery('users', search);

export const userQuery = (id: number) =>
  queryOptions({ queryKey: userKeys.detail(id), queryFn: async () => (await callApi('users/get-user', { id })).user });
