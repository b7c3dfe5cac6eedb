import { createFileRoute } from '@tanstack/react-router';
import { guardScreen } from '#src/app/guard.tsx';
import { Breadcrumb } from '#src/components/breadcrumb.tsx';
import { Card } from '#src/components/card.tsx';
import { CloseLink } from '#src/components/close-link.tsx';
import { brandOptionsQuery } from '#src/features/brands/api.ts';
import { AddModelForm } from '#src/features/models/model-forms.tsx';

export const Route = createFileRoute('/_app/models/add-new-model')({
  ...guardScreen('addModel'),
  loader: ({ context }) => context.queryClient.ensureQueryData(brandOptionsQuery),
  component: AddModel,
});

function AddModel() {
  return (
    <>
      <Breadcrumb items={[{ label: 'Dashboard', to: '/' }, { label: 'Models', to: '/models' }, { label: 'Add Model' }]} />
      <Card title="Add Model" actions={<CloseLink />}>
        <AddModelForm />
      </Card>
    </>
  );
}
