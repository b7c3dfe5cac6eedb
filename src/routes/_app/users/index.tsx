import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { guardScreen } from '#src/app/guard.tsx';
import { SearchListScreen } from '#src/components/search-list-screen.tsx';
import { usersListQuery } from '#src/features/users/api.ts';
import { userColumns } from '#src/features/users/users-table.tsx';
import { listRouteSearch, listSearchSchema } from '#src/lib/list-search.ts';
import { useListSearchChange } from '#src/lib/use-list-search-change.ts';

export const Route = createFileRoute('/_app/users/')({
  ...guardScreen('users'),
  ...listRouteSearch(listSearchSchema()),
  loaderDeps: ({ search }) => search,
  // Started, not awaited: a new page or search shows the old rows as busy at once (docs/design.md §7.7).
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(usersListQuery(deps)),
  component: UsersList,
});

function UsersList() {
  const search = Route.useSearch();
  const onSearchChange = useListSearchChange(Route.id);
  const list = useQuery(usersListQuery(search));
  return (
    <SearchListScreen
      name="Users"
      search={search}
      onSearchChange={onSearchChange}
      list={list}
      columns={userColumns}
      add={{ to: '/users/add-new-user', label: 'Add User' }}
    />
  );
}
