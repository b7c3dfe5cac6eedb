import { createFileRoute } from '@tanstack/react-router';
import { guardScreen } from '#src/app/guard.tsx';
import { Breadcrumb } from '#src/components/breadcrumb.tsx';
import { Card } from '#src/components/card.tsx';
import { CloseLink } from '#src/components/close-link.tsx';
import { AddBrandForm } from '#src/features/brands/brand-forms.tsx';

export const Route = createFileRoute('/_app/brands/add-new-brand')({ ...guardScreen('brands'), component: AddBrand });

function AddBrand() {
  return (
    <>
      <Breadcrumb items={[{ label: 'Dashboard', to: '/' }, { label: 'Brands', to: '/brands' }, { label: 'Add Brand' }]} />
      <Card title="Add Brand" actions={<CloseLink />}>
        <AddBrandForm />
      </Card>
    </>
  );
}
