import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, describeEachDatabase, form, images, signInEachRole, startServer, type TestServer } from './harness.ts';
import { ok } from './expected.ts';

// Level 2 is offered inactive brands and series like active ones: its models list shows every
// model whatever its brand's or series' status, so leaving them out would leave rows no filter
// reaches. Sales are offered only active ones, as their list holds only what can be sold (§8.8).

describeEachDatabase('models/filter-options', (kind) => {
  let server: TestServer;
  let tokens: Record<'admin' | 'manager' | 'sales', string>;
  const ids: Record<string, number> = {};

  async function addBrand(brandName: string) {
    const answer = await call(
      server,
      'brands/add-brand',
      form({ brandName }, { brandImage: { bytes: images.png, name: 'b.png' } }),
      tokens.admin,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    ids[brandName] = (await server.db.selectFrom('brands').select('id').where('name', '=', brandName).executeTakeFirstOrThrow()).id;
  }

  async function addSeries(seriesName: string, brandName: string) {
    const body = form({ seriesName, seriesBrandId: ids[brandName]! }, { seriesImage: { bytes: images.jpg, name: 's.jpg' } });
    const answer = await call(server, 'series/add-series', body, tokens.admin);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    ids[seriesName] = (await server.db.selectFrom('series').select('id').where('name', '=', seriesName).executeTakeFirstOrThrow()).id;
  }

  async function addModel(modelName: string, seriesName: string) {
    const body = { modelName, modelCapacityKW: 2.5, modelPriceUsd: 100, modelSeriesId: ids[seriesName] };
    const answer = await call(server, 'models/add-model', body, tokens.admin);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }

  beforeAll(async () => {
    server = await startServer(kind);
    tokens = await signInEachRole(server);
    // Added out of order and in mixed case, so only a case-insensitive name order sorts them.
    for (const brand of ['beta', 'GAMMA', 'Alpha']) await addBrand(brand);
    for (const series of ['Zed', 'alpha', 'Mid']) await addSeries(series, 'beta');
    await addSeries('Old', 'GAMMA');
    await addModel('B-1', 'alpha');
    await addModel('B-2', 'Zed');
    await addModel('G-1', 'Old');
    await server.db.updateTable('brands').set({ is_active: 0 }).where('id', '=', ids.GAMMA!).execute();
    await server.db.updateTable('series').set({ is_active: 0 }).where('id', '=', ids.Old!).execute();
  });
  afterAll(() => server.close());

  it.each(['admin', 'manager'] as const)('answers %s every brand and its series by name, ids and names only', async (role) => {
    const answer = await call(server, 'models/filter-options', {}, tokens[role]);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      // 2.5 kW at the first TR, 3.517, is 2.84 quarters: 0.75 tons.
      sizes: ['0.75'],
      brands: [
        { id: ids.Alpha, brandName: 'Alpha', series: [] },
        {
          id: ids.beta,
          brandName: 'beta',
          series: [
            { id: ids.alpha, seriesName: 'alpha' },
            { id: ids.Mid, seriesName: 'Mid' },
            { id: ids.Zed, seriesName: 'Zed' },
          ],
        },
        { id: ids.GAMMA, brandName: 'GAMMA', series: [{ id: ids.Old, seriesName: 'Old' }] },
      ],
    });
  });

  it('answers sales only the active brands and series', async () => {
    const { brands } = ok('models/filter-options', await call(server, 'models/filter-options', {}, tokens.sales));
    expect(brands.map((brand) => [brand.brandName, brand.series.map((series) => series.seriesName)])).toEqual([
      ['Alpha', []],
      ['beta', ['alpha', 'Mid', 'Zed']],
    ]);
  });

  it('refuses a caller without a session', async () => {
    expect((await call(server, 'models/filter-options', {})).status).toBe(203);
  });

  it("filters a sales user's models list by the ids it offers, on the server", async () => {
    const names = async (filters: object) =>
      ok('models', await call(server, 'models', { filters, page: 1, per_page: 500 }, tokens.sales)).tableData.data.map(
        (row) => row.modelName,
      );
    expect(await names({})).toEqual(['B-1', 'B-2']);
    expect(await names({ brandId: ids.beta })).toEqual(['B-1', 'B-2']);
    expect(await names({ seriesId: ids.Zed })).toEqual(['B-2']);
    expect(await names({ brandId: ids.beta, seriesId: ids.Old })).toEqual([]);
    // An inactive brand's models are not offered, even asked for by id.
    expect(await names({ brandId: ids.GAMMA })).toEqual([]);
  });
});
