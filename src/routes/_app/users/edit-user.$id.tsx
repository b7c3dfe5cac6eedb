import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { guardScreen } from '#src/app/guard.tsx';
import { FormScreen } from '#src/components/form-screen.tsx';
import { RecordAudit } from '#src/features/audit/record-audit.tsx';
import { userQuery } from '#src/features/users/api.ts';
import { EditUserForm } from '#src/features/users/user-forms.tsx';
import { recordRoute } from '#src/lib/detail-loader.ts';

export const Route = createFileRoute('/_app/users/edit-user/$id')({
  ...guardScreen('users'),
  ...recordRoute(userQuery),
  component: EditUser,
});

function EditUser() {
  const { data: user } = useSuspenseQuery(userQuery(Route.useParams().id));
  return (
    <FormScreen list={{ label: 'Users', to: '/users' }} title="Edit User" below={<RecordAudit entityType="user" entityId={user.id} />}>
      <EditUserForm key={user.id} user={user} />
    </FormScreen>
  );
}
