import { createFileRoute } from '@tanstack/react-router';
import { Breadcrumb } from '../../../../components/breadcrumb.tsx';
import { Card } from '../../../../components/card.tsx';
import { CloseLink } from '../../../../components/close-link.tsx';
import { brandOptionsQuery } from '../../../../features/brands/api.ts';
import { AddModelForm } from '../../../../features/models/model-forms.tsx';

export const Route = createFileRoute('/_app/_level1/models/add-new-model')({
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
