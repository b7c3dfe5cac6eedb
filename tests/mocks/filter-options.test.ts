import { describe, expect, it } from 'vitest';
import { file, form, images, ok, postToMocks, signInEachRole, startMockApi } from './harness.ts';

startMockApi();

// The seed: Gree (Fairy, Pular), Haier (Clean Cool, Thunder: inactive), Orient (inactive; Ultron).
// Every model with a capacity is 1, 1.5 or 2 tons at the seed's TR (3.517), sellable or not.
const sizes = ['1.00', '1.50', '2.00'];
const seeded = [
  {
    id: 1,
    brandName: 'Gree',
    series: [
      { id: 1, seriesName: 'Fairy' },
      { id: 2, seriesName: 'Pular' },
    ],
  },
  {
    id: 2,
    brandName: 'Haier',
    series: [
      { id: 3, seriesName: 'Clean Cool' },
      { id: 4, seriesName: 'Thunder' },
    ],
  },
  { id: 3, brandName: 'Orient', series: [{ id: 5, seriesName: 'Ultron' }] },
];

describe('models/filter-options', () => {
  it('answers level 2 each brand with its series, inactive ones included, ids and names only, and the sizes', async () => {
    const { admin, manager } = await signInEachRole();
    for (const token of [admin, manager]) {
      expect(ok('models/filter-options', await postToMocks('models/filter-options', {}, token))).toEqual({ brands: seeded, sizes });
    }
  });

  it('answers Sales only the active brands and their active series (docs/design.md §8.8)', async () => {
    const { sales } = await signInEachRole();
    expect(ok('models/filter-options', await postToMocks('models/filter-options', {}, sales))).toEqual({
      brands: [seeded[0], { ...seeded[1]!, series: [seeded[1]!.series[0]] }],
      sizes,
    });
  });

  it('orders brands and series by name whatever their case, as the server does', async () => {
    const { admin, sales } = await signInEachRole();
    const brand = form({ brandName: 'acme' }, { brandImage: file(images.png, 'a.png') });
    expect((await postToMocks('brands/add-brand', brand, admin)).status).toBe(200);
    const series = form({ seriesName: 'aqua', seriesBrandId: 2 }, { seriesImage: file(images.png, 's.png') });
    expect((await postToMocks('series/add-series', series, admin)).status).toBe(200);

    const { brands } = ok('models/filter-options', await postToMocks('models/filter-options', {}, admin));
    expect(brands.map((row) => row.brandName)).toEqual(['acme', 'Gree', 'Haier', 'Orient']);
    expect(brands[0]).toEqual({ id: 4, brandName: 'acme', series: [] });
    expect(brands[2]?.series).toEqual([{ id: 6, seriesName: 'aqua' }, ...seeded[1]!.series]);
    const offered = ok('models/filter-options', await postToMocks('models/filter-options', {}, sales)).brands;
    expect(offered.map((row) => row.brandName)).toEqual(['acme', 'Gree', 'Haier']);
  });

  it('refuses a caller without a session', async () => {
    expect((await postToMocks('models/filter-options', {})).status).toBe(203);
  });

  it("filters a sales user's models list by those ids", async () => {
    const { sales } = await signInEachRole();
    const names = async (filters: object) =>
      ok('models', await postToMocks('models', { filters }, sales)).tableData.data.map((row) => row.modelName);
    expect(await names({ brandId: 1, seriesId: 2 })).toEqual(['GS-12PITH11G']);
    expect(await names({ brandId: 2 })).toEqual(['HSU-12HFCAC', 'HSU-18HFCAC', 'HSU-24HFCAC']);
  });
});
