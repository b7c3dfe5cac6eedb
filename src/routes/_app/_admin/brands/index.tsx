import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Breadcrumb } from '../../../../components/breadcrumb.tsx';
import { Card } from '../../../../components/card.tsx';
import { DataTable } from '../../../../components/data-table/data-table.tsx';
import { AddLink } from '../../../../components/list-links.tsx';
import { ListSearchBox } from '../../../../components/list-search-box.tsx';
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
  const canEdit = mayAccess(getStoredUser(), listActionAccess.brands);
  return (
    <>
      <Breadcrumb items={[{ label: 'Dashboard', to: '/' }, { label: 'Brands' }]} />
      <Card title="Brands List" actions={canEdit && <AddLink to="/brands/add-new-brand" label="Add Brand" />}>
        <DataTable
          table={list.data}
          columns={canEdit ? brandColumns.withEdit : brandColumns.readOnly}
          perPage={search.per_page}
          loading={list.isPending}
          caption="Brands"
          toolbar={<ListSearchBox value={search.search} />}
        />
      </Card>
    </>
  );
}
