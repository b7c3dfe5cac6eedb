import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Breadcrumb } from '../../../../components/breadcrumb.tsx';
import { Card } from '../../../../components/card.tsx';
import { DataTable } from '../../../../components/data-table/data-table.tsx';
import { AddLink } from '../../../../components/list-links.tsx';
import { ListSearchBox } from '../../../../components/list-search-box.tsx';
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
  const canEdit = mayAccess(getStoredUser(), listActionAccess.series);
  return (
    <>
      <Breadcrumb items={[{ label: 'Dashboard', to: '/' }, { label: 'Series' }]} />
      <Card title="Series List" actions={canEdit && <AddLink to="/series/add-new-series" label="Add Series" />}>
        <DataTable
          table={list.data}
          columns={canEdit ? seriesColumns.withEdit : seriesColumns.readOnly}
          perPage={search.per_page}
          loading={list.isPending}
          caption="Series"
          toolbar={<ListSearchBox value={search.search} />}
        />
      </Card>
    </>
  );
}
