import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, describeEachDatabase, signInEachRole, startServer, type Role, type TestServer } from './harness.ts';
import { forbidden, invalid } from './expected.ts';
import { seedSortCatalogue, type SortLabel } from './sort-catalogue.ts';

// docs/design.md §7.1: `sort` on `models`, each key both ways, ties in the list's order, empty
// capacities last both ways, stock for level 2 only, anything else 422 under `sort`.

const EXPECTED: Record<string, SortLabel[]> = {
  'name.asc': ['a1', 'a2', 'a3', 'a4', 'b1'],
  'name.desc': ['b1', 'a4', 'a3', 'a2', 'a1'],
  'model.asc': ['a4', 'a1', 'b1', 'a2', 'a3'],
  'model.desc': ['a3', 'a2', 'a1', 'b1', 'a4'],
  'capacity.asc': ['a3', 'a2', 'a4', 'a1', 'b1'],
  'capacity.desc': ['a2', 'a4', 'a3', 'a1', 'b1'],
  'price.asc': ['a4', 'a2', 'a3', 'b1', 'a1'],
  'price.desc': ['a1', 'b1', 'a2', 'a3', 'a4'],
  'quantity.asc': ['a1', 'b1', 'a2', 'a3', 'a4'],
  'quantity.desc': ['a4', 'a2', 'a3', 'a1', 'b1'],
};

describeEachDatabase('models sort', (kind) => {
  let server: TestServer;
  let tokens: Record<Role, string>;
  let ids: Record<SortLabel, number>;

  beforeAll(async () => {
    server = await startServer(kind);
    const signedIn = await signInEachRole(server);
    tokens = { admin: signedIn.admin, manager: signedIn.manager, sales: signedIn.sales };
    ids = await seedSortCatalogue(server, signedIn.ids.manager);
  });
  afterAll(() => server.close());

  const labelsOf = (rows: { id: number }[]) => rows.map((row) => (Object.keys(ids) as SortLabel[]).find((label) => ids[label] === row.id));
  const list = (body: Record<string, unknown>, role: Role = 'admin') => call(server, 'models', { filters: {}, ...body }, tokens[role]);

  it.each(Object.entries(EXPECTED))('orders by %s, ties in the list order', async (sort, expected) => {
    const answer = await list({ sort });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(labelsOf(answer.body.tableData.data)).toEqual(expected);
  });

  it('keeps the list order without a sort, or with a null one', async () => {
    for (const body of [{}, { sort: null }]) expect(labelsOf((await list(body)).body.tableData.data)).toEqual(EXPECTED['name.asc']);
  });

  it('pages through sorted rows without a gap or an overlap', async () => {
    const pages = [];
    for (const page of [1, 2, 3]) {
      const answer = await list({ sort: 'price.desc', page, per_page: 2 });
      expect(answer.body.tableData).toMatchObject({ total: 5, last_page: 3, current_page: page });
      pages.push(...labelsOf(answer.body.tableData.data));
    }
    expect(pages).toEqual(EXPECTED['price.desc']);
  });

  it('sorts within the filters', async () => {
    const answer = await list({ sort: 'capacity.desc', filters: { search: 'm-' } });
    expect(labelsOf(answer.body.tableData.data)).toEqual(['a2', 'a1', 'b1']);
  });

  it('lets Sales sort by what they see (Total follows the price) and not by stock', async () => {
    // b1 is inactive: Sales are not offered it (docs/design.md §8.8).
    for (const sort of ['name.desc', 'model.asc', 'capacity.asc', 'price.desc']) {
      expect(labelsOf((await list({ sort }, 'sales')).body.tableData.data)).toEqual(EXPECTED[sort]!.filter((label) => label !== 'b1'));
    }
    for (const sort of ['quantity.asc', 'quantity.desc'])
      expect(await list({ sort }, 'sales')).toMatchObject({ status: 403, body: forbidden });
    expect(labelsOf((await list({ sort: 'quantity.desc' }, 'manager')).body.tableData.data)).toEqual(EXPECTED['quantity.desc']);
  });

  it('refuses any other sort under `sort`', async () => {
    for (const sort of [
      '',
      'price',
      'price.up',
      'Price.asc',
      'status.asc',
      ' price.asc',
      'price.asc ',
      'id.desc',
      7,
      ['price.asc'],
      { key: 'price' },
    ]) {
      expect(await list({ sort }), JSON.stringify(sort)).toMatchObject({
        status: 422,
        body: invalid({ sort: ['The selected sort is invalid.'] }),
      });
    }
  });
});
