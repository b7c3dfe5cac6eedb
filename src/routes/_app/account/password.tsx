import { createFileRoute } from '@tanstack/react-router';
import { Breadcrumb } from '../../../components/breadcrumb.tsx';
import { Card } from '../../../components/card.tsx';
import { ChangePasswordForm } from '../../../features/auth/change-password-form.tsx';

export const Route = createFileRoute('/_app/account/password')({ component: ChangePassword });

function ChangePassword() {
  return (
    <>
      <Breadcrumb items={[{ label: 'Dashboard', to: '/' }, { label: 'Change Password' }]} />
      <Card title="Change Password">
        <ChangePasswordForm />
      </Card>
    </>
  );
}
