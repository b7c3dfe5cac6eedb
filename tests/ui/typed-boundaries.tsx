import { AddLink, RowLink } from '#src/components/list-links.tsx';
import { Breadcrumb } from '#src/components/breadcrumb.tsx';
import { ListSearchBox } from '#src/components/list-search-box.tsx';
import { editColumn } from '#src/components/data-table/edit-column.tsx';
import type { Brand } from '#src/contract/brands.ts';
import { callApi } from '#src/lib/api-client.ts';
import { useListSearchChange } from '#src/lib/use-list-search-change.ts';
import { useWriteCall } from '#src/lib/use-write-call.ts';

// Never run: `npx tsc --noEmit` checks this file, and fails when a line marked @ts-expect-error
// compiles. It proves that a mistyped route or a body that does not fit its call cannot ship.
export function typedBoundaries() {
  return [
    <AddLink to="/brands/add-new-brand" label="Add Brand" />,
    // @ts-expect-error a route that does not exist
    <AddLink to="/brandz/add-new-brand" label="Add Brand" />,
    <RowLink to="/models/edit-model/$id" id={1}>
      Edit
    </RowLink>,
    // @ts-expect-error a record link to a route without an id
    <RowLink to="/models" id={1}>
      Edit
    </RowLink>,
    <Breadcrumb items={[{ label: 'Dashboard', to: '/' }, { label: 'Brands', to: '/brands' }, { label: 'Edit Brand' }]} />,
    // @ts-expect-error a breadcrumb to a route that does not exist
    <Breadcrumb items={[{ label: 'Brands', to: '/brandz' }]} />,
    editColumn<Brand>('/brands/edit-brand/$id'),
    // @ts-expect-error an edit column to a route that does not exist
    editColumn<Brand>('/brands/edit-brandz/$id'),

    callApi('models/add-stock', { id: 1, modelQuantity: '5' }),
    // @ts-expect-error a field of another call
    callApi('models/add-stock', { id: 1, modelQuantity: 5, brandName: 'Gree' }),
    // @ts-expect-error a required field left out
    callApi('models/add-stock', { id: 1 }),
    // @ts-expect-error an object where the contract takes a number
    callApi('models/add-stock', { id: 1, modelQuantity: { count: 5 } }),
    // @ts-expect-error a JSON call sent as multipart
    callApi('models/add-stock', new FormData()),
    callApi('brands/add-brand', new FormData()),
    // @ts-expect-error a multipart call sent as JSON
    callApi('brands/add-brand', { brandName: 'Gree' }),
  ];
}

export function useTypedWriteCall() {
  const write = useWriteCall('variables/update-exch');
  write.submit({ exch: '280.5' });
  // @ts-expect-error the screen's field name is not the call's
  write.submit({ newExch: '280.5' });
}

export function useTypedListSearchChange() {
  const models = useListSearchChange('/_app/models/');
  models({ brandId: 2, sort: 'price.desc', per_page: 'all' });
  // @ts-expect-error a filter the models list's URL does not hold
  models({ brandName: 'Gree' });
  // @ts-expect-error a name where the URL keeps a brand's id
  models({ brandId: 'Gree' });
  // @ts-expect-error a sort the server does not know
  models({ sort: 'colour.asc' });
  // @ts-expect-error a route that does not exist
  useListSearchChange('/_app/brandz/');
  const audit = useListSearchChange('/_app/audit');
  return [
    <ListSearchBox value="" onSearchChange={models} />,
    // @ts-expect-error a search box on a list whose URL holds no search
    <ListSearchBox value="" onSearchChange={audit} />,
  ];
}
