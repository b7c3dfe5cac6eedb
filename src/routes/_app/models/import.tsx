import { createFileRoute } from '@tanstack/react-router';
import { guardScreen } from '#src/app/guard.tsx';
import { FormScreen } from '#src/components/form-screen.tsx';
import { ImportModelsForm } from '#src/features/import/import-form.tsx';

export const Route = createFileRoute('/_app/models/import')({
  ...guardScreen('importModels'),
  component: () => (
    <FormScreen list={{ label: 'Models', to: '/models' }} title="Import Models">
      <ImportModelsForm />
    </FormScreen>
  ),
});
