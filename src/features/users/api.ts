import { queryOptions } from '@tanstack/react-query';
import { callApi } from '#src/lib/api-client.ts';
import type { ListSearch } from '#src/lib/list-search.ts';
import { pagedListQuery } from '#src/lib/paged-list-query.ts';

export const userKeys = {
  all: ['users'] as const,
  list: ['users', 'list'] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
};

export const usersListQuery = (search: ListSearch) =>
  pagedListQuery({ call: 'users', key: userKeys.list, search, filters: { search: search.search } });

export const userQuery = (id: number) =>
  queryOptions({ queryKey: userKeys.detail(id), queryFn: async () => (await callApi('users/get-user', { id })).user });
