import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { guardScreen } from '#src/app/guard.tsx';
import { FormScreen } from '#src/components/form-screen.tsx';
import { RecordAudit } from '#src/features/audit/record-audit.tsx';
import { brandQuery } from '#src/features/brands/api.ts';
import { EditBrandForm } from '#src/features/brands/brand-forms.tsx';
import { recordRoute } from '#src/lib/detail-loader.ts';

export const Route = createFileRoute('/_app/brands/edit-brand/$id')({
  ...guardScreen('brands'),
  ...recordRoute(brandQuery),
  component: EditBrand,
});

function EditBrand() {
  const { data: brand } = useSuspenseQuery(brandQuery(Route.useParams().id));
  return (
    <FormScreen list={{ label: 'Brands', to: '/brands' }} title="Edit Brand" below={<RecordAudit entityType="brand" entityId={brand.id} />}>
      <EditBrandForm key={brand.id} brand={brand} />
    </FormScreen>
  );
}
