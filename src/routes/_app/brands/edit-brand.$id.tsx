import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { guardScreen } from '#src/app/guard.tsx';
import { Breadcrumb } from '#src/components/breadcrumb.tsx';
import { Card } from '#src/components/card.tsx';
import { CloseLink } from '#src/components/close-link.tsx';
import { brandQuery } from '#src/features/brands/api.ts';
import { EditBrandForm } from '#src/features/brands/brand-forms.tsx';
import { idParam, loadDetailOrLeave } from '#src/lib/detail-loader.ts';
import { RecordAudit } from '#src/features/audit/record-audit.tsx';

export const Route = createFileRoute('/_app/brands/edit-brand/$id')({
  ...guardScreen('brands'),
  params: idParam,
  loader: ({ context, params }) => loadDetailOrLeave(params.id, () => context.queryClient.ensureQueryData(brandQuery(params.id))),
  component: EditBrand,
});

function EditBrand() {
  const { id } = Route.useParams();
  const { data: brand } = useSuspenseQuery(brandQuery(id));
  return (
    <>
      <Breadcrumb items={[{ label: 'Dashboard', to: '/' }, { label: 'Brands', to: '/brands' }, { label: 'Edit Brand' }]} />
      <Card title="Edit Brand" actions={<CloseLink />}>
        <EditBrandForm key={brand.id} brand={brand} />
      </Card>
      <div className="mt-4">
        <RecordAudit entityType="brand" entityId={brand.id} />
      </div>
    </>
  );
}
