import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNAUDITED } from '#server/repositories/audit.ts';
import { insertBrand } from '#server/repositories/brands.ts';
import { insertModels } from '#server/repositories/models.ts';
import { insertSeries } from '#server/repositories/series.ts';
import { writeVariables } from '#server/repositories/variables.ts';
import { call, describeEachDatabase, images, signInEachRole, startServer, type Role, type TestServer } from './harness.ts';
import { invalid, ok } from './expected.ts';

// docs/design.md §8.8: what each role's models list offers. Sizes (Capacity-KW ÷ TR to the nearest
// quarter ton, halves up) and the `size` filter; and Sales offered only what can be sold.
//
// At TR 3.6 a quarter ton is 0.9 kW and the sizes change at odd multiples of 0.45 kW, so the edges
// are whole thousandths: 3.15 kW is 3.5 quarters exactly, and rounds up to 1 ton.
//   Acme / A1:        AC-00 (no capacity), AC-09 2.7 kW 0.75, AC-09H 3.149 0.75, AC-12 3.15 1.00,
//                     AC-18 5.4 1.50, AC-18H 5.849 1.50, AC-21 5.85 1.75, AC-30 10.8 3.00 (inactive)
//   Acme / A2 (inactive series):  AC-24 7.2 kW 2.00
//   Zulu (inactive brand) / Z1:   ZU-30 9 kW 2.50
const TR = '3.6';
const SELLABLE = ['AC-00', 'AC-09', 'AC-09H', 'AC-12', 'AC-18', 'AC-18H', 'AC-21'];
const EVERY_MODEL = [...SELLABLE, 'AC-30', 'AC-24', 'ZU-30'];
const SALES_SIZES = ['0.75', '1.00', '1.50', '1.75'];
const EVERY_SIZE = ['0.75', '1.00', '1.50', '1.75', '2.00', '2.50', '3.00'];
const invalidSize = { status: 422, body: invalid({ 'filters.size': ['The selected size is invalid.'] }) };

async function seedCatalogue(server: TestServer) {
  const image = { filename: 'logo.png', bytes: images.png };
  const acme = await insertBrand(server.db, UNAUDITED, { name: 'Acme', image, isActive: 1 });
  const zulu = await insertBrand(server.db, UNAUDITED, { name: 'Zulu', image, isActive: 0 });
  const a1 = await insertSeries(server.db, UNAUDITED, { brandId: acme, name: 'A1', image, isActive: 1 });
  const a2 = await insertSeries(server.db, UNAUDITED, { brandId: acme, name: 'A2', image, isActive: 0 });
  const z1 = await insertSeries(server.db, UNAUDITED, { brandId: zulu, name: 'Z1', image, isActive: 1 });
  const model = (seriesId: number, name: string, capacityKw: number | null, isActive: 0 | 1 = 1) => ({
    seriesId,
    name,
    capacityKw,
    priceUsd: 100,
    isActive,
  });
  await insertModels(server.db, UNAUDITED, [
    model(a1, 'AC-00', null),
    model(a1, 'AC-09', 2.7),
    model(a1, 'AC-09H', 3.149),
    model(a1, 'AC-12', 3.15),
    model(a1, 'AC-18', 5.4),
    model(a1, 'AC-18H', 5.849),
    model(a1, 'AC-21', 5.85),
    model(a1, 'AC-30', 10.8, 0),
    model(a2, 'AC-24', 7.2),
    model(z1, 'ZU-30', 9),
  ]);
  await writeVariables(server.db, UNAUDITED, { tr: TR }, {});
  return { acme, zulu, a1, a2, z1 };
}

describeEachDatabase('models offered by role', (kind) => {
  let server: TestServer;
  let tokens: Record<Role, string>;
  let ids: Awaited<ReturnType<typeof seedCatalogue>>;

  beforeAll(async () => {
    server = await startServer(kind);
    const signedIn = await signInEachRole(server);
    tokens = { admin: signedIn.admin, manager: signedIn.manager, sales: signedIn.sales };
    ids = await seedCatalogue(server);
  });
  afterAll(() => server.close());

  const list = async (role: Role, filters: object, sort?: string) =>
    ok('models', await call(server, 'models', { filters, sort, page: 1, per_page: 500 }, tokens[role])).tableData;
  const names = async (role: Role, filters: object, sort?: string) => (await list(role, filters, sort)).data.map((row) => row.modelName);
  const exported = async (role: Role, filters: object) => {
    const answer = await call<string>(server, 'models/export', { filters }, tokens[role]);
    expect(answer.status, answer.body).toBe(200);
    return answer.body
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split(',')[2]);
  };
  const options = async (role: Role) => ok('models/filter-options', await call(server, 'models/filter-options', {}, tokens[role]));

  describe('what Sales are offered', () => {
    it('leaves out of the list and the export an inactive model and the models of an inactive series or brand', async () => {
      const page = await list('sales', {});
      expect(page.data.map((row) => row.modelName)).toEqual(SELLABLE);
      expect(page.total).toBe(SELLABLE.length);
      expect(await exported('sales', {})).toEqual(SELLABLE);
      // Asked for by id, an inactive series or brand still gives nothing.
      expect(await names('sales', { seriesId: ids.a2 })).toEqual([]);
      expect(await names('sales', { brandId: ids.zulu })).toEqual([]);
      expect(await exported('sales', { brandId: ids.zulu })).toEqual([]);
      // Nor does a search for them, nor another order.
      expect(await names('sales', { search: 'AC-30' })).toEqual([]);
      expect(await names('sales', {}, 'capacity.desc')).toEqual(['AC-21', 'AC-18H', 'AC-18', 'AC-12', 'AC-09H', 'AC-09', 'AC-00']);
    });

    it('offers Sales only the active brands and series, and the sizes of sellable models', async () => {
      expect(await options('sales')).toEqual({
        brands: [{ id: ids.acme, brandName: 'Acme', series: [{ id: ids.a1, seriesName: 'A1' }] }],
        sizes: SALES_SIZES,
      });
    });

    it.each(['admin', 'manager'] as const)('shows %s every model, brand, series and size as before', async (role) => {
      expect(await names(role, {})).toEqual(EVERY_MODEL);
      expect(await exported(role, {})).toEqual(EVERY_MODEL);
      expect(await options(role)).toEqual({
        brands: [
          {
            id: ids.acme,
            brandName: 'Acme',
            series: [
              { id: ids.a1, seriesName: 'A1' },
              { id: ids.a2, seriesName: 'A2' },
            ],
          },
          { id: ids.zulu, brandName: 'Zulu', series: [{ id: ids.z1, seriesName: 'Z1' }] },
        ],
        sizes: EVERY_SIZE,
      });
    });
  });

  describe('the size filter', () => {
    it.each(['admin', 'manager', 'sales'] as const)(
      'lets %s filter by size, halves rounding up, on the list and the export',
      async (role) => {
        expect(await names(role, { size: '0.75' })).toEqual(['AC-09', 'AC-09H']);
        expect(await names(role, { size: '1.00' })).toEqual(['AC-12']);
        expect(await names(role, { size: '1.50' })).toEqual(['AC-18', 'AC-18H']);
        expect(await names(role, { size: '1.75' })).toEqual(['AC-21']);
        expect(await exported(role, { size: '1.50' })).toEqual(['AC-18', 'AC-18H']);
        // With the other filters and a sort.
        expect(await names(role, { size: '1.50', brandId: ids.acme, search: '18h' })).toEqual(['AC-18H']);
        expect(await names(role, { size: '0.75' }, 'capacity.desc')).toEqual(['AC-09H', 'AC-09']);
      },
    );

    it('finds the sizes only unsellable models have for level 2', async () => {
      expect(await names('manager', { size: '2.00' })).toEqual(['AC-24']);
      expect(await names('admin', { size: '3.00' })).toEqual(['AC-30']);
      expect(await exported('admin', { size: '2.50' })).toEqual(['ZU-30']);
    });

    it('refuses any size but one of the caller’s, under the filter', async () => {
      for (const path of ['models', 'models/export']) {
        for (const size of ['2.00', '2.50', '3.00']) {
          expect(await call(server, path, { filters: { size } }, tokens.sales)).toMatchObject(invalidSize);
        }
        for (const size of ['1.25', '1.5', '1.30', 1.5, 'big', '-1.00']) {
          expect(await call(server, path, { filters: { size } }, tokens.admin)).toMatchObject(invalidSize);
        }
      }
      // Blank is no filter.
      expect(await names('sales', { size: '' })).toEqual(SELLABLE);
    });

    it('follows TR: the sizes are worked out from the stored variable', async () => {
      await writeVariables(server.db, UNAUDITED, { tr: '1.8' }, {});
      try {
        // A quarter ton is now 0.45 kW: 3.149 and 3.15 are both 7 quarters, 5.849 and 5.85 both 13.
        expect((await options('sales')).sizes).toEqual(['1.50', '1.75', '3.00', '3.25']);
        expect(await names('sales', { size: '3.25' })).toEqual(['AC-18H', 'AC-21']);
        expect(await call(server, 'models', { filters: { size: '0.75' } }, tokens.sales)).toMatchObject(invalidSize);
      } finally {
        await writeVariables(server.db, UNAUDITED, { tr: TR }, {});
      }
    });
  });
});
