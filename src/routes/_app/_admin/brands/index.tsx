import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { SearchListScreen } from '#src/components/search-list-screen.tsx';
import { mayAccess } from '#src/domain/access.ts';
import { listActionAccess } from '#src/domain/screens.ts';
import { brandsListQuery } from '#src/features/brands/api.ts';
import { brandColumns } from '#src/features/brands/brands-table.tsx';
import { listSearchSchema } from '#src/lib/list-search.ts';
import { useSessionUser } from '#src/lib/use-session-user.ts';

export const Route = createFileRoute('/_app/_admin/brands/')({
  validateSearch: listSearchSchema(30),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(brandsListQuery(deps)),
  component: BrandsList,
});

function BrandsList() {
  const search = Route.useSearch();
  const user = useSessionUser();
  const list = useQuery(brandsListQuery(search));
  return (
    <SearchListScreen
      name="Brands"
      search={search}
      list={list}
      columns={brandColumns}
      canEdit={mayAccess(user, listActionAccess.brands)}
      add={{ to: '/brands/add-new-brand', label: 'Add Brand' }}
    />
  );
}
