import { createFileRoute } from '@tanstack/react-router';
import { guardScreen } from '#src/app/guard.tsx';
import { Breadcrumb } from '#src/components/breadcrumb.tsx';
import { Card } from '#src/components/card.tsx';
import { CloseLink } from '#src/components/close-link.tsx';
import { brandOptionsQuery } from '#src/features/brands/api.ts';
import { AddSeriesForm } from '#src/features/series/series-forms.tsx';

export const Route = createFileRoute('/_app/series/add-new-series')({
  ...guardScreen('series'),
  loader: ({ context }) => context.queryClient.ensureQueryData(brandOptionsQuery),
  component: AddSeries,
});

function AddSeries() {
  return (
    <>
      <Breadcrumb items={[{ label: 'Dashboard', to: '/' }, { label: 'Series', to: '/series' }, { label: 'Add Series' }]} />
      <Card title="Add Series" actions={<CloseLink />}>
        <AddSeriesForm />
      </Card>
    </>
  );
}
