import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { guardScreen } from '#src/app/guard.tsx';
import { FormScreen } from '#src/components/form-screen.tsx';
import { brandOptionsQuery } from '#src/features/brands/api.ts';
import { modelQuery, seriesByBrandQuery } from '#src/features/models/api.ts';
import { EditModelForm } from '#src/features/models/model-forms.tsx';
import { idParam, loadDetailOrLeave } from '#src/lib/detail-loader.ts';
import { RecordAudit } from '#src/features/audit/record-audit.tsx';

export const Route = createFileRoute('/_app/models/edit-model/$id')({
  ...guardScreen('editModel'),
  params: idParam,
  loader: async ({ context, params }) => {
    const { queryClient } = context;
    const model = await loadDetailOrLeave(params.id, () => queryClient.ensureQueryData(modelQuery(params.id)));
    // The pre-filled brand and series selects need their options before the form mounts.
    await Promise.all([
      queryClient.ensureQueryData(brandOptionsQuery),
      queryClient.ensureQueryData(seriesByBrandQuery(model.modelBrandId)),
    ]);
  },
  component: EditModel,
});

// docs/product.md §2: this screen's breadcrumb and title say 'Edit Brand'; the wording is kept on purpose.
const TITLE = 'Edit Brand';

function EditModel() {
  const { data: model } = useSuspenseQuery(modelQuery(Route.useParams().id));
  return (
    <FormScreen list={{ label: 'Models', to: '/models' }} title={TITLE} below={<RecordAudit entityType="model" entityId={model.id} />}>
      <EditModelForm key={model.id} model={model} />
    </FormScreen>
  );
}
