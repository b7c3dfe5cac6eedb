import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { guardScreen } from '#src/app/guard.tsx';
import { SearchListScreen } from '#src/components/search-list-screen.tsx';
import { seriesListQuery } from '#src/features/series/api.ts';
import { seriesColumns } from '#src/features/series/series-table.tsx';
import { listRouteSearch, listSearchSchema } from '#src/lib/list-search.ts';
import { useListSearchChange } from '#src/lib/use-list-search-change.ts';

export const Route = createFileRoute('/_app/series/')({
  ...guardScreen('series'),
  ...listRouteSearch(listSearchSchema()),
  loaderDeps: ({ search }) => search,
  // Started, not awaited: a new page or search shows the old rows as busy at once (docs/design.md §7.7).
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(seriesListQuery(deps)),
  component: SeriesList,
});

function SeriesList() {
  const search = Route.useSearch();
  const onSearchChange = useListSearchChange(Route.id);
  const list = useQuery(seriesListQuery(search));
  return (
    <SearchListScreen
      name="Series"
      search={search}
      onSearchChange={onSearchChange}
      list={list}
      columns={seriesColumns}
      add={{ to: '/series/add-new-series', label: 'Add Series' }}
    />
  );
}
