import { createFileRoute } from '@tanstack/react-router';
import { Breadcrumb } from '#src/components/breadcrumb.tsx';
import { Card } from '#src/components/card.tsx';
import { CloseLink } from '#src/components/close-link.tsx';
import { AddUserForm } from '#src/features/users/user-forms.tsx';

export const Route = createFileRoute('/_app/_admin/users/add-new-user')({ component: AddUser });

function AddUser() {
  return (
    <>
      <Breadcrumb items={[{ label: 'Dashboard', to: '/' }, { label: 'Users', to: '/users' }, { label: 'Add User' }]} />
      <Card title="Add User" actions={<CloseLink />}>
        <AddUserForm />
      </Card>
    </>
  );
}
