import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { SearchListScreen } from '../../../../components/search-list-screen.tsx';
import { mayAccess } from '../../../../domain/access.ts';
import { listActionAccess } from '../../../../domain/screens.ts';
import { brandsListQuery } from '../../../../features/brands/api.ts';
import { brandColumns } from '../../../../features/brands/brands-table.tsx';
import { listSearchSchema } from '../../../../lib/list-search.ts';
import { getStoredUser } from '../../../../lib/session.ts';

export const Route = createFileRoute('/_app/_admin/brands/')({
  validateSearch: listSearchSchema(30),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(brandsListQuery(deps)),
  component: BrandsList,
});

function BrandsList() {
  const search = Route.useSearch();
  const list = useQuery(brandsListQuery(search));
  return (
    <SearchListScreen
      name="Brands"
      search={search}
      list={list}
      columns={brandColumns}
      canEdit={mayAccess(getStoredUser(), listActionAccess.brands)}
      add={{ to: '/brands/add-new-brand', label: 'Add Brand' }}
    />
  );
}
