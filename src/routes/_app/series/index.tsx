import { createFileRoute } from '@tanstack/react-router';
import { guardScreen } from '#src/app/guard.tsx';
import { SearchListScreen } from '#src/components/search-list-screen.tsx';
import { seriesListQuery } from '#src/features/series/api.ts';
import { seriesColumns } from '#src/features/series/series-table.tsx';
import { listRoute } from '#src/lib/list-route.ts';
import { listSearchSchema } from '#src/lib/list-search.ts';

export const Route = createFileRoute('/_app/series/')({
  ...guardScreen('series'),
  ...listRoute(listSearchSchema(), seriesListQuery),
  component: () => (
    <SearchListScreen
      route={Route}
      name="Series"
      query={seriesListQuery}
      columns={seriesColumns}
      add={{ to: '/series/add-new-series', label: 'Add Series' }}
    />
  ),
});
