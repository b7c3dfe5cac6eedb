import { describe, expect, it } from 'vitest';
import { getStore } from '#mocks/store.ts';
import { csvBytes, IMPORT_HEADER, importForm } from '#tests/support/import-files.ts';
import { ok, postToMocks, signInEachRole, startMockApi } from './harness.ts';

startMockApi();

// The mocks answer both import calls from src/domain, as the server does (tests/api/import.test.ts).

const seedRows = () =>
  [...getStore().models].map((model) => {
    const series = getStore().series.find((row) => row.id === model.seriesId)!;
    const brand = getStore().brands.find((row) => row.id === series.brandId)!;
    return { brand: brand.name, series: series.name, model: model.name, kw: model.capacityKw, usd: model.priceUsd };
  });

describe('models/import-preview and models/import in the mocks', () => {
  it('are for admins only', async () => {
    const { manager } = await signInEachRole();
    const bytes = csvBytes([IMPORT_HEADER]);
    expect((await postToMocks('models/import-preview', importForm(bytes), manager)).status).toBe(403);
    expect((await postToMocks('models/import', importForm(bytes), manager)).status).toBe(403);
  });

  it('previews its own export with every row unchanged', async () => {
    const { admin } = await signInEachRole();
    const exported = await postToMocks('models/export', { filters: {} }, admin);
    expect(exported.status).toBe(200);
    const bytes = new TextEncoder().encode(exported.body as string);
    const { preview } = ok('models/import-preview', await postToMocks('models/import-preview', importForm(bytes), admin));
    expect(preview.summary).toEqual({ create: 0, update: 0, unchanged: getStore().models.length, error: 0 });
  });

  it('refuses a file with an error and changes nothing, then applies the fixed file', async () => {
    const { admin } = await signInEachRole();
    const [first] = seedRows();
    const rows = (price: string) => [
      IMPORT_HEADER,
      [first!.brand, first!.series, first!.model, '', '999'],
      [first!.brand, first!.series, 'Mock Import 1', '2.5', price],
    ];
    const before = structuredClone(getStore().models);
    const refused = await postToMocks('models/import', importForm(csvBytes(rows('abc'))), admin);
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ message: 'The file has errors on 1 rows.', errors: { file: ['The file has errors on 1 rows.'] } });
    expect(getStore().models).toEqual(before);

    const { preview } = ok('models/import-preview', await postToMocks('models/import-preview', importForm(csvBytes(rows('abc'))), admin));
    expect(preview.rows[1]).toMatchObject({ line: 3, action: 'error', errors: { modelPriceUsd: ['The price must be a number.'] } });

    const applied = ok('models/import', await postToMocks('models/import', importForm(csvBytes(rows('12'))), admin));
    expect(applied).toEqual({ responseMessage: '1 models created, 1 updated.', responseFlag: 'success' });
    expect(getStore().models.find((model) => model.name === first!.model)).toMatchObject({ priceUsd: 999, capacityKw: null, version: 2 });
    expect(getStore().models.find((model) => model.name === 'Mock Import 1')).toMatchObject({ priceUsd: 12, capacityKw: 2.5, quantity: 0 });
  });

  it('answers the same file errors as the server', async () => {
    const { admin } = await signInEachRole();
    const junk = await postToMocks('models/import-preview', importForm(new Uint8Array([0, 1, 2, 0xff])), admin);
    expect(junk.body.errors).toEqual({ file: ['The file must be a CSV file in UTF-8.'] });
    const big = await postToMocks('models/import-preview', importForm(new Uint8Array(5 * 1024 * 1024 + 1).fill(32)), admin);
    expect(big.body.errors).toEqual({ file: ['The file may not be greater than 5120 kilobytes.'] });
  });

  it('answers §8.9 as the server does: blank rows skipped, ragged rows and long cells errors on their row, headers refused', async () => {
    const { admin } = await signInEachRole();
    const [first] = seedRows();
    const preview = (text: string) => postToMocks('models/import-preview', importForm(new TextEncoder().encode(text)), admin);
    const header = IMPORT_HEADER.join(',');
    const { preview: read } = ok(
      'models/import-preview',
      await preview(
        `${header}\n,,,,\n${first!.brand},${first!.series},Ragged,,1,234.56\n${first!.brand},${first!.series},${'L'.repeat(1_001)},,1\n`,
      ),
    );
    expect(read.rows.map((row) => [row.line, row.modelName.length, row.errors])).toEqual([
      [3, 6, { row: ['This row has 6 cells; the header has 5.'] }],
      [4, 1_000, { row: ['The Model cell may not be greater than 1000 characters.'] }],
    ]);
    expect((await preview(`${header},model\n`)).body.errors).toEqual({ file: ['The file has the column model twice.'] });
    expect((await preview(`${header}${',x'.repeat(96)}\n`)).body.errors).toEqual({ file: ['The file has more than 100 columns.'] });
    const blanks = Array.from({ length: 3 }, () => ',,,,');
    const rows = Array.from({ length: 10_001 }, (_, i) => `${first!.brand},${first!.series},Many ${i},,1`);
    expect((await preview([header, ...blanks, ...rows, ''].join('\n'))).body.errors).toEqual({
      file: ['The file may not have more than 10000 rows.'],
    });
  });
});
