import { createFileRoute } from '@tanstack/react-router';
import { guardScreen } from '#src/app/guard.tsx';
import { SearchListScreen } from '#src/components/search-list-screen.tsx';
import { usersListQuery } from '#src/features/users/api.ts';
import { userColumns } from '#src/features/users/users-table.tsx';
import { listRoute } from '#src/lib/list-route.ts';
import { listSearchSchema } from '#src/lib/list-search.ts';

export const Route = createFileRoute('/_app/users/')({
  ...guardScreen('users'),
  ...listRoute(listSearchSchema(), usersListQuery),
  component: () => (
    <SearchListScreen
      route={Route}
      name="Users"
      query={usersListQuery}
      columns={userColumns}
      add={{ to: '/users/add-new-user', label: 'Add User' }}
    />
  ),
});
