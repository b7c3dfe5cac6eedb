import { createFileRoute } from '@tanstack/react-router';
import { Breadcrumb } from '#src/components/breadcrumb.tsx';
import { Card } from '#src/components/card.tsx';
import { ChangePasswordForm } from '#src/features/auth/change-password-form.tsx';

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
