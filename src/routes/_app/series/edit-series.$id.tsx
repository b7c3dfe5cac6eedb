import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { guardScreen } from '#src/app/guard.tsx';
import { FormScreen } from '#src/components/form-screen.tsx';
import { RecordAudit } from '#src/features/audit/record-audit.tsx';
import { brandOptionsQuery } from '#src/features/brands/api.ts';
import { seriesQuery } from '#src/features/series/api.ts';
import { EditSeriesForm } from '#src/features/series/series-forms.tsx';
import { recordRoute } from '#src/lib/detail-loader.ts';

export const Route = createFileRoute('/_app/series/edit-series/$id')({
  ...guardScreen('series'),
  ...recordRoute(seriesQuery, (queryClient) => queryClient.ensureQueryData(brandOptionsQuery)),
  component: EditSeries,
});

function EditSeries() {
  const { data: series } = useSuspenseQuery(seriesQuery(Route.useParams().id));
  return (
    <FormScreen
      list={{ label: 'Series', to: '/series' }}
      title="Edit Series"
      below={<RecordAudit entityType="series" entityId={series.id} />}
    >
      <EditSeriesForm key={series.id} series={series} />
    </FormScreen>
  );
}
