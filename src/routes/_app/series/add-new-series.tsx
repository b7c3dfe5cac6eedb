import { createFileRoute } from '@tanstack/react-router';
import { guardScreen } from '#src/app/guard.tsx';
import { FormScreen } from '#src/components/form-screen.tsx';
import { brandOptionsQuery } from '#src/features/brands/api.ts';
import { AddSeriesForm } from '#src/features/series/series-forms.tsx';

export const Route = createFileRoute('/_app/series/add-new-series')({
  ...guardScreen('series'),
  loader: ({ context }) => context.queryClient.ensureQueryData(brandOptionsQuery),
  component: () => (
    <FormScreen list={{ label: 'Series', to: '/series' }} title="Add Series">
      <AddSeriesForm />
    </FormScreen>
  ),
});
