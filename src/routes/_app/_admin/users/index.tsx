import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Breadcrumb } from '../../../../components/breadcrumb.tsx';
import { Card } from '../../../../components/card.tsx';
import { DataTable } from '../../../../components/data-table/data-table.tsx';
import { AddLink } from '../../../../components/list-links.tsx';
import { ListSearchBox } from '../../../../components/list-search-box.tsx';
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
  const canEdit = mayAccess(getStoredUser(), listActionAccess.users);
  return (
    <>
      <Breadcrumb items={[{ label: 'Dashboard', to: '/' }, { label: 'Users' }]} />
      <Card title="Users List" actions={canEdit && <AddLink to="/users/add-new-user" label="Add User" />}>
        <DataTable
          table={list.data}
          columns={canEdit ? userColumns.withEdit : userColumns.readOnly}
          perPage={search.per_page}
          loading={list.isPending}
          caption="Users"
          toolbar={<ListSearchBox value={search.search} />}
        />
      </Card>
    </>
  );
}
