import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { guardScreen } from '#src/app/guard.tsx';
import { SearchListScreen } from '#src/components/search-list-screen.tsx';
import { brandsListQuery } from '#src/features/brands/api.ts';
import { brandColumns } from '#src/features/brands/brands-table.tsx';
import { listRouteSearch, listSearchSchema } from '#src/lib/list-search.ts';
import { useListSearchChange } from '#src/lib/use-list-search-change.ts';

export const Route = createFileRoute('/_app/brands/')({
  ...guardScreen('brands'),
  ...listRouteSearch(listSearchSchema()),
  loaderDeps: ({ search }) => search,
  // Started, not awaited: a new page or search shows the old rows as busy at once (docs/design.md §7.7).
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(brandsListQuery(deps)),
  component: BrandsList,
});

function BrandsList() {
  const search = Route.useSearch();
  const onSearchChange = useListSearchChange(Route.id);
  const list = useQuery(brandsListQuery(search));
  return (
    <SearchListScreen
      name="Brands"
      search={search}
      onSearchChange={onSearchChange}
      list={list}
      columns={brandColumns}
      add={{ to: '/brands/add-new-brand', label: 'Add Brand' }}
    />
  );
}
