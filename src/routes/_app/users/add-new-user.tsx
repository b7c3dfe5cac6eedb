import { createFileRoute } from '@tanstack/react-router';
import { guardScreen } from '#src/app/guard.tsx';
import { FormScreen } from '#src/components/form-screen.tsx';
import { AddUserForm } from '#src/features/users/user-forms.tsx';

export const Route = createFileRoute('/_app/users/add-new-user')({
  ...guardScreen('users'),
  component: () => (
    <FormScreen list={{ label: 'Users', to: '/users' }} title="Add User">
      <AddUserForm />
    </FormScreen>
  ),
});
