import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { SearchListScreen } from '#src/components/search-list-screen.tsx';
import { seriesListQuery } from '#src/features/series/api.ts';
import { seriesColumns } from '#src/features/series/series-table.tsx';
import { listSearchSchema } from '#src/lib/list-search.ts';

export const Route = createFileRoute('/_app/_level1/series/')({
  validateSearch: listSearchSchema(30),
  loaderDeps: ({ search }) => search,
  // Started, not awaited: a new page or search shows the old rows as busy at once (docs/design.md §7.7).
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(seriesListQuery(deps)),
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
      add={{ to: '/series/add-new-series', label: 'Add Series' }}
    />
  );
}
