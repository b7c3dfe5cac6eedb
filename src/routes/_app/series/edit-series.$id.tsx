import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { guardScreen } from '#src/app/guard.tsx';
import { Breadcrumb } from '#src/components/breadcrumb.tsx';
import { Card } from '#src/components/card.tsx';
import { CloseLink } from '#src/components/close-link.tsx';
import { brandOptionsQuery } from '#src/features/brands/api.ts';
import { seriesQuery } from '#src/features/series/api.ts';
import { EditSeriesForm } from '#src/features/series/series-forms.tsx';
import { idParam, loadDetailOrLeave } from '#src/lib/detail-loader.ts';
import { RecordAudit } from '#src/features/audit/record-audit.tsx';

export const Route = createFileRoute('/_app/series/edit-series/$id')({
  ...guardScreen('series'),
  params: idParam,
  loader: ({ context, params }) =>
    Promise.all([
      loadDetailOrLeave(params.id, () => context.queryClient.ensureQueryData(seriesQuery(params.id))),
      context.queryClient.ensureQueryData(brandOptionsQuery),
    ]),
  component: EditSeries,
});

function EditSeries() {
  const { id } = Route.useParams();
  const { data: series } = useSuspenseQuery(seriesQuery(id));
  return (
    <>
      <Breadcrumb items={[{ label: 'Dashboard', to: '/' }, { label: 'Series', to: '/series' }, { label: 'Edit Series' }]} />
      <Card title="Edit Series" actions={<CloseLink />}>
        <EditSeriesForm key={series.id} series={series} />
      </Card>
      <div className="mt-4">
        <RecordAudit entityType="series" entityId={series.id} />
      </div>
    </>
  );
}
