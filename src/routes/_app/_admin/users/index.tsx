import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { SearchListScreen } from '../../../../components/search-list-screen.tsx';
import { mayAccess } from '../../../../domain/access.ts';
import { listActionAccess } from '../../../../domain/screens.ts';
import { usersListQuery } from '../../../../features/users/api.ts';
import { userColumns } from '../../../../features/users/users-table.tsx';
import { listSearchSchema } from '../../../../lib/list-search.ts';
import { getStoredUser } from '../../../../lib/session.ts';

export const Route = createFileRoute('/_app/_admin/users/')({
  validateSearch: listSearchSchema(30),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(usersListQuery(deps)),
  component: UsersList,
});

function UsersList() {
  const search = Route.useSearch();
  const list = useQuery(usersListQuery(search));
  return (
    <SearchListScreen
      name="Users"
      search={search}
      list={list}
      columns={userColumns}
      canEdit={mayAccess(getStoredUser(), listActionAccess.users)}
      add={{ to: '/users/add-new-user', label: 'Add User' }}
    />
  );
}
