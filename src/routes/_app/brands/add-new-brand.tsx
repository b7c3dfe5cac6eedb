import { createFileRoute } from '@tanstack/react-router';
import { guardScreen } from '#src/app/guard.tsx';
import { FormScreen } from '#src/components/form-screen.tsx';
import { AddBrandForm } from '#src/features/brands/brand-forms.tsx';

export const Route = createFileRoute('/_app/brands/add-new-brand')({
  ...guardScreen('brands'),
  component: () => (
    <FormScreen list={{ label: 'Brands', to: '/brands' }} title="Add Brand">
      <AddBrandForm />
    </FormScreen>
  ),
});
