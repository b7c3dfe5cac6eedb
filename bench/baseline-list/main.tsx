import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Link, Outlet, RouterProvider } from '@tanstack/react-router';
import { createColumnHelper, FlexRender, tableFeatures, useTable } from '@tanstack/react-table';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import Big from 'big.js';
import ky from 'ky';
import { createRoot } from 'react-dom/client';

// What the usable list cannot beat with the stack the README names (issue 37): the plain page's
// rows, columns and figures (bench/plain/list.js), fetched through ky, cached by TanStack Query
// under a TanStack Router route, laid out by TanStack Table with only the rows on screen in the DOM
// (TanStack Virtual, as the models list keeps them) and priced with big.js, once a row. No code of
// ours: no contract, no checks, no stylesheet, no filters, toolbar, menu or live updates.

type Row = {
  id: number;
  seriesName: string;
  modelName: string;
  modelCapacityKW: number | null;
  modelPriceUsd: number;
  modelQuantity: number;
  modelIsActive: number;
};
type Variables = { exch: string; fare: string; duties: string; profit: string; tr: string };
type Page = { data: Row[]; from: number; to: number; total: number };

const perPage = Number(new URLSearchParams(location.search).get('per_page') ?? 500);
const xsrf = decodeURIComponent(document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/)?.[1] ?? '');
const api = ky.create({
  prefix: '/api',
  baseUrl: location.origin,
  retry: 0,
  headers: { authorization: `Bearer ${localStorage.getItem('usertoken')}`, 'x-xsrf-token': xsrf },
});
const lakh = new Intl.NumberFormat('en-IN');
const usd = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function rowPrices(row: Row, v: Variables): Big[] {
  const pkr = new Big(row.modelPriceUsd).times(v.exch).round();
  const fare = pkr.times(v.fare).round();
  const duties = pkr.times(v.duties).round();
  const cost = pkr.plus(fare).plus(duties);
  const profit = cost.times(v.profit).round();
  return [pkr, fare, duties, cost, profit, cost.plus(profit)];
}

const features = tableFeatures({});
const column = createColumnHelper<typeof features, Row>();
const figureNames = ['Price PKR', 'Fare', 'Duties', 'Cost', 'Profit', 'Total'];
const columnsFor = (v: Variables) => {
  const priced = new WeakMap<Row, Big[]>();
  const prices = (row: Row) => priced.get(row) ?? priced.set(row, rowPrices(row, v)).get(row)!;
  return column.columns([
    column.accessor('seriesName', { header: 'Series' }),
    column.accessor('modelName', { header: 'Model' }),
    column.accessor('modelCapacityKW', { header: 'Capacity-KW', cell: (c) => c.getValue() ?? '-' }),
    column.accessor('modelCapacityKW', {
      id: 'tr',
      header: 'Capacity-TR',
      cell: (c) => (c.getValue() === null ? '-' : new Big(c.getValue()!).div(v.tr).toFixed(2)),
    }),
    column.accessor('modelPriceUsd', { header: 'Price USD', cell: (c) => `$${usd.format(c.getValue())}` }),
    ...figureNames.map((name, at) =>
      column.display({ id: name, header: name, cell: (c) => lakh.format(Number(prices(c.row.original)[at]!.toFixed(0))) }),
    ),
    column.accessor('modelQuantity', { header: 'Quantity', cell: (c) => lakh.format(c.getValue()) }),
    column.accessor('modelIsActive', { header: 'Status', cell: (c) => (c.getValue() === 1 ? 'Active' : 'Inactive') }),
    column.display({
      id: 'actions',
      header: 'Actions',
      cell: (c) => (
        <>
          <Link to="/models/log-model/$id" params={{ id: c.row.original.id }}>
            Logs
          </Link>{' '}
          <Link to="/models/edit-model/$id" params={{ id: c.row.original.id }}>
            Edit
          </Link>
        </>
      ),
    }),
  ]);
};

function Rows({ page, variables }: { page: Page; variables: Variables }) {
  const table = useTable({ features, columns: columnsFor(variables), data: page.data });
  const rows = table.getRowModel().rows;
  const virtualizer = useWindowVirtualizer({ count: rows.length, estimateSize: () => 37, overscan: 4 });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <>
      <table>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id}>
                  <FlexRender header={header} />
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          <tr style={{ height: before }} />
          {items.map((item) => (
            <tr key={rows[item.index]!.id} style={{ height: 37 }}>
              {rows[item.index]!.getAllCells().map((cell) => (
                <td key={cell.id}>
                  <FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
          <tr style={{ height: after }} />
        </tbody>
      </table>
      <p>{`Showing ${page.from} to ${page.to} of ${page.total} entries`}</p>
    </>
  );
}

function List() {
  const models = useQuery({
    queryKey: ['models', perPage],
    queryFn: () => api.post('models', { json: { filters: {}, page: 1, per_page: perPage } }).json<{ tableData: Page }>(),
  });
  const variables = useQuery({ queryKey: ['variables'], queryFn: () => api.post('variables').json<{ variables: Variables }>() });
  if (!models.data || !variables.data) return <p>Loading…</p>;
  return <Rows page={models.data.tableData} variables={variables.data.variables} />;
}

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
const rootRoute = createRootRoute({ component: Outlet });
const listRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: List });
const stubs = ['/models/log-model/$id', '/models/edit-model/$id'].map((path) =>
  createRoute({ getParentRoute: () => rootRoute, path, component: () => null }),
);
const router = createRouter({
  routeTree: rootRoute.addChildren([listRoute, ...stubs]),
  history: createMemoryHistory({ initialEntries: ['/'] }),
});

createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={queryClient}>
    <RouterProvider router={router} />
  </QueryClientProvider>,
);
