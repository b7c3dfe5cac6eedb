import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { SearchListScreen } from '#src/components/search-list-screen.tsx';
import { mayAccess } from '#src/domain/access.ts';
import { listActionAccess } from '#src/domain/screens.ts';
import { seriesListQuery } from '#src/features/series/api.ts';
import { seriesColumns } from '#src/features/series/series-table.tsx';
import { listSearchSchema } from '#src/lib/list-search.ts';
import { useSessionUser } from '#src/lib/use-session-user.ts';

export const Route = createFileRoute('/_app/_level1/series/')({
  validateSearch: listSearchSchema(30),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(seriesListQuery(deps)),
  component: SeriesList,
});

function SeriesList() {
  const search = Route.useSearch();
  const user = useSessionUser();
  const list = useQuery(seriesListQuery(search));
  return (
    <SearchListScreen
      name="Series"
      search={search}
      list={list}
      columns={seriesColumns}
      canEdit={mayAccess(user, listActionAccess.series)}
      add={{ to: '/series/add-new-series', label: 'Add Series' }}
    />
  );
}
