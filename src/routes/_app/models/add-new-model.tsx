import { createFileRoute } from '@tanstack/react-router';
import { guardScreen } from '#src/app/guard.tsx';
import { FormScreen } from '#src/components/form-screen.tsx';
import { brandOptionsQuery } from '#src/features/brands/api.ts';
import { AddModelForm } from '#src/features/models/model-forms.tsx';

export const Route = createFileRoute('/_app/models/add-new-model')({
  ...guardScreen('addModel'),
  loader: ({ context }) => context.queryClient.ensureQueryData(brandOptionsQuery),
  component: () => (
    <FormScreen list={{ label: 'Models', to: '/models' }} title="Add Model">
      <AddModelForm />
    </FormScreen>
  ),
});
