import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { guardScreen } from '#src/app/guard.tsx';
import { Breadcrumb } from '#src/components/breadcrumb.tsx';
import { Card } from '#src/components/card.tsx';
import { CloseLink } from '#src/components/close-link.tsx';
import { userQuery } from '#src/features/users/api.ts';
import { EditUserForm } from '#src/features/users/user-forms.tsx';
import { idParam, loadDetailOrLeave } from '#src/lib/detail-loader.ts';
import { RecordAudit } from '#src/features/audit/record-audit.tsx';

export const Route = createFileRoute('/_app/users/edit-user/$id')({
  ...guardScreen('users'),
  params: idParam,
  loader: ({ context, params }) => loadDetailOrLeave(params.id, () => context.queryClient.ensureQueryData(userQuery(params.id))),
  component: EditUser,
});

function EditUser() {
  const { id } = Route.useParams();
  const { data: user } = useSuspenseQuery(userQuery(id));
  return (
    <>
      <Breadcrumb items={[{ label: 'Dashboard', to: '/' }, { label: 'Users', to: '/users' }, { label: 'Edit User' }]} />
      <Card title="Edit User" actions={<CloseLink />}>
        <EditUserForm key={user.id} user={user} />
      </Card>
      <div className="mt-4">
        <RecordAudit entityType="user" entityId={user.id} />
      </div>
    </>
  );
}
