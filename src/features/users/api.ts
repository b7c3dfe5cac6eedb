import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';
import { pagedBody, type ListSearch } from '../../lib/list-search.ts';
import { loggedRead } from '../../lib/logged.ts';

export const userKeys = {
  all: ['users'] as const,
  list: (search: ListSearch) => ['users', 'list', search] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
};

export const usersListQuery = (search: ListSearch) =>
  queryOptions({
    queryKey: userKeys.list(search),
    queryFn: () =>
      loggedRead('users', async () => {
        const body = await pagedBody(search, { search: search.search }, async (count) => (await callApi('users', count)).tableData.total);
        return (await callApi('users', body)).tableData;
      }),
    placeholderData: keepPreviousData,
  });

export const userQuery = (id: number) =>
  queryOptions({ queryKey: userKeys.detail(id), queryFn: async () => (await callApi('users/get-user', { id })).user });
