import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { SearchListScreen } from '../../../../components/search-list-screen.tsx';
import { mayAccess } from '../../../../domain/access.ts';
import { listActionAccess } from '../../../../domain/screens.ts';
import { seriesListQuery } from '../../../../features/series/api.ts';
import { seriesColumns } from '../../../../features/series/series-table.tsx';
import { listSearchSchema } from '../../../../lib/list-search.ts';
import { getStoredUser } from '../../../../lib/session.ts';

export const Route = createFileRoute('/_app/_level1/series/')({
  validateSearch: listSearchSchema(30),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(seriesListQuery(deps)),
  component: SeriesList,
});

function SeriesList() {
  const search = Route.useSearch();
  const list = useQuery(seriesListQuery(search));
  return (
    <SearchListScreen
      name="Series"
      search={search}
      list={list}
      columns={seriesColumns}
      canEdit={mayAccess(getStoredUser(), listActionAccess.series)}
      add={{ to: '/series/add-new-series', label: 'Add Series' }}
    />
  );
}
