import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, describeEachDatabase, form, images, signInEachRole, startServer, type TestServer } from './harness.ts';
import { ok } from './expected.ts';

// Inactive brands and series are offered like active ones: the models list shows every model
// whatever its brand's or series' status, so leaving them out would leave rows no filter reaches.

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

  it.each(['admin', 'manager', 'sales'] as const)('answers %s every brand and its series by name, ids and names only', async (role) => {
    const answer = await call(server, 'models/filter-options', {}, tokens[role]);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
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

  it('refuses a caller without a session', async () => {
    expect((await call(server, 'models/filter-options', {})).status).toBe(203);
  });

  it("filters a sales user's models list by the ids it offers, on the server", async () => {
    const names = async (filters: object) =>
      ok('models', await call(server, 'models', { filters, page: 1, per_page: 500 }, tokens.sales)).tableData.data.map(
        (row) => row.modelName,
      );
    expect(await names({})).toEqual(['B-1', 'B-2', 'G-1']);
    expect(await names({ brandId: ids.beta })).toEqual(['B-1', 'B-2']);
    expect(await names({ seriesId: ids.Zed })).toEqual(['B-2']);
    expect(await names({ brandId: ids.beta, seriesId: ids.Old })).toEqual([]);
    expect(await names({ brandId: ids.GAMMA })).toEqual(['G-1']);
  });
});
