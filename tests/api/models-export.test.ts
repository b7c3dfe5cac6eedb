import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, describeEachDatabase, signInEachRole, startServer, type Role, type TestServer } from './harness.ts';
import { forbidden, invalid } from './expected.ts';
import { seedSortCatalogue } from './sort-catalogue.ts';

// docs/design.md §7.1: models/export, byte for byte. USD 50 at exch 281.15 is 14,057.5: PKR 14058
// (floats give 14057); then fare 703, duties 2812, cost 17573, profit 2636, Total 20209.

const BOM = '\uFEFF';
const ROWS = {
  a1: ['Alpha', 'S1', 'M-a', '', '', '170.00', '47796', '2390', '9559', '59745', '8962', '68707', '0', 'Active'],
  a2: ['Alpha', 'S1', 'M-b', '3.5', '1.00', '50.00', '14058', '703', '2812', '17573', '2636', '20209', '3', 'Active'],
  a3: ['Alpha', 'S1', '"Zed, ""Quoted"""', '1.75', '0.50', '50.00', '14058', '703', '2812', '17573', '2636', '20209', '3', 'Active'],
  a4: ['Alpha', 'S2', "'=1+1", '3.5', '1.00', '10.00', '2812', '141', '562', '3515', '527', '4042', '5', 'Active'],
  b1: ['beta', 'S1', 'M-a', '', '', '99.99', '28112', '1406', '5622', '35140', '5271', '40411', '0', 'Inactive'],
};
const HEADER = [
  'Brand',
  'Series',
  'Model',
  'Capacity-KW',
  'Capacity-TR',
  'Price USD',
  'Price PKR',
  'Fare',
  'Duties',
  'Cost',
  'Profit',
  'Total',
  'Quantity',
  'Status',
];
// Each role's columns, by their place in the admin's sheet.
const COLUMNS: Record<Role, number[]> = {
  admin: HEADER.map((_, i) => i),
  manager: [0, 1, 2, 3, 11, 12],
  sales: [0, 1, 2, 3, 11],
};
type Label = keyof typeof ROWS;
const sheet = (role: Role, labels: Label[]) =>
  BOM + [HEADER, ...labels.map((label) => ROWS[label])].map((cells) => COLUMNS[role].map((i) => cells[i]).join(',') + '\r\n').join('');

describeEachDatabase('models export', (kind) => {
  let server: TestServer;
  let tokens: Record<Role, string>;

  beforeAll(async () => {
    server = await startServer(kind);
    const signedIn = await signInEachRole(server);
    tokens = { admin: signedIn.admin, manager: signedIn.manager, sales: signedIn.sales };
    await seedSortCatalogue(server, signedIn.ids.manager);
  });
  afterAll(() => server.close());

  const exportAs = async (role: Role, body: unknown) => {
    const response = await fetch(`${server.url}/api/models/export`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[role]}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
  };
  const text = (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

  it('writes the admin sheet byte for byte: BOM, CRLF, quotes doubled, formulas neutralised, empty capacities', async () => {
    const { response, bytes } = await exportAs('admin', { filters: {} });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="models-${today}.csv"`);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text(bytes)).toBe(sheet('admin', ['a1', 'a2', 'a3', 'a4', 'b1']));
  });

  it.each(['manager', 'sales'] as const)("gives %s only its role's columns", async (role) => {
    const { response, bytes } = await exportAs(role, { filters: {}, sort: 'price.desc' });
    expect(response.status).toBe(200);
    // b1 is inactive: Sales are not offered it (docs/design.md §8.8).
    expect(text(bytes)).toBe(sheet(role, role === 'sales' ? ['a1', 'a2', 'a3', 'a4'] : ['a1', 'b1', 'a2', 'a3', 'a4']));
  });

  // docs/design.md §8.4: `columns` names the role's columns the screen shows; Brand is always first.
  it("writes only the columns named, in the screen's order, Brand first", async () => {
    const picked = (titles: string[], labels: Label[]) => {
      const places = [0, ...titles.map((title) => HEADER.indexOf(title))].sort((a, b) => a - b);
      return BOM + [HEADER, ...labels.map((label) => ROWS[label])].map((cells) => places.map((i) => cells[i]).join(',') + '\r\n').join('');
    };
    const admin = await exportAs('admin', { filters: { status: 0 }, columns: ['Total', 'Model', 'Brand'] });
    expect(text(admin.bytes)).toBe(picked(['Model', 'Total'], ['b1']));
    const sales = await exportAs('sales', { filters: {}, columns: ['Total'] });
    expect(text(sales.bytes)).toBe(picked(['Total'], ['a1', 'a2', 'a3', 'a4']));
    for (const columns of [['Price USD'], ['Total', 'Total'], [], 'Total', ['Colour']]) {
      const refused = await call(server, 'models/export', { filters: {}, columns }, tokens.sales);
      expect(refused.status, JSON.stringify(columns)).toBe(422);
      expect(refused.body.errors.columns).toEqual(['The selected columns are invalid.']);
    }
  });

  it('applies the filters and the sort, every row of every page', async () => {
    const brands = await server.db.selectFrom('brands').select(['id', 'name']).execute();
    const alpha = brands.find((brand) => brand.name === 'Alpha')!.id;
    expect(text((await exportAs('admin', { filters: { brandId: alpha }, sort: 'capacity.asc' })).bytes)).toBe(
      sheet('admin', ['a3', 'a2', 'a4', 'a1']),
    );
    expect(text((await exportAs('admin', { filters: { status: 0 } })).bytes)).toBe(sheet('admin', ['b1']));
    expect(text((await exportAs('sales', { filters: { search: 'nothing like it' } })).bytes)).toBe(sheet('sales', []));
  });

  // Sorted by a figure, the export sorts rows read in the list's order (server/repositories/models-list.ts):
  // the same order as the list's SQL, ties in the list's order.
  it.each([
    ['price.asc', ['a4', 'a2', 'a3', 'b1', 'a1']],
    ['price.desc', ['a1', 'b1', 'a2', 'a3', 'a4']],
    ['capacity.asc', ['a3', 'a2', 'a4', 'a1', 'b1']],
    ['capacity.desc', ['a2', 'a4', 'a3', 'a1', 'b1']],
    ['quantity.asc', ['a1', 'b1', 'a2', 'a3', 'a4']],
    ['quantity.desc', ['a4', 'a2', 'a3', 'a1', 'b1']],
  ] as const)('sorts by %s as the list does: ties in the list order, empty capacities last', async (sort, labels) => {
    expect(text((await exportAs('admin', { filters: {}, sort })).bytes)).toBe(sheet('admin', [...labels]));
  });

  it('refuses what the role may not filter or sort by, and a bad sort', async () => {
    for (const role of ['manager', 'sales'] as const) {
      expect(await call(server, 'models/export', { filters: { status: 1 } }, tokens[role])).toMatchObject({ status: 403, body: forbidden });
    }
    expect(await call(server, 'models/export', { filters: {}, sort: 'quantity.asc' }, tokens.sales)).toMatchObject({
      status: 403,
      body: forbidden,
    });
    expect(await call(server, 'models/export', { filters: {}, sort: 'status.asc' }, tokens.admin)).toMatchObject({
      status: 422,
      body: invalid({ sort: ['The selected sort is invalid.'] }),
    });
    expect((await call(server, 'models/export', { filters: {} })).status).toBe(203);
  });
});
