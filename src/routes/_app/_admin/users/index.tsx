import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { SearchListScreen } from '#src/components/search-list-screen.tsx';
import { mayAccess } from '#src/domain/access.ts';
import { listActionAccess } from '#src/domain/screens.ts';
import { usersListQuery } from '#src/features/users/api.ts';
import { userColumns } from '#src/features/users/users-table.tsx';
import { listSearchSchema } from '#src/lib/list-search.ts';
import { useSessionUser } from '#src/lib/use-session-user.ts';

export const Route = createFileRoute('/_app/_admin/users/')({
  validateSearch: listSearchSchema(30),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(usersListQuery(deps)),
  component: UsersList,
});

function UsersList() {
  const search = Route.useSearch();
  const user = useSessionUser();
  const list = useQuery(usersListQuery(search));
  return (
    <SearchListScreen
      name="Users"
      search={search}
      list={list}
      columns={userColumns}
      canEdit={mayAccess(user, listActionAccess.users)}
      add={{ to: '/users/add-new-user', label: 'Add User' }}
    />
  );
}
