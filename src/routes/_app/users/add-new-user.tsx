import { createFileRoute } from '@tanstack/react-router';
import { guardScreen } from '#src/app/guard.tsx';
import { Breadcrumb } from '#src/components/breadcrumb.tsx';
import { Card } from '#src/components/card.tsx';
import { CloseLink } from '#src/components/close-link.tsx';
import { AddUserForm } from '#src/features/users/user-forms.tsx';

export const Route = createFileRoute('/_app/users/add-new-user')({ ...guardScreen('users'), component: AddUser });

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
