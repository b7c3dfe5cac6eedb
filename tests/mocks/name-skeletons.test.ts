import { describe, expect, it } from 'vitest';
import { getStore } from '#mocks/store.ts';
import { csvBytes, IMPORT_HEADER, importForm } from '#tests/support/import-files.ts';
import { file, form, images, ok, postToMocks, signInEachRole, startMockApi, type Answer } from './harness.ts';

startMockApi();

// The mocks refuse look-alike names of brands, series and models as the server does
// (tests/api/name-skeletons.test.ts, docs/design.md §8.9).

const CYRILLIC_AC1 = '\u0410\u0421-1';
const NB_HYPHENS = 'ACM\u201112\u2011INV';

const taken = (field: string, what: string) => ({
  message: `The ${what} name has already been taken.`,
  errors: { [field]: [`The ${what} name has already been taken.`] },
});

/** The whole catalogue, to prove a refused write changed nothing. */
const snapshot = () => structuredClone({ brands: getStore().brands, series: getStore().series, models: getStore().models });

async function expectRefused(send: () => Promise<Answer>, body: unknown) {
  const before = snapshot();
  const answer = await send();
  expect(answer.status).toBe(422);
  expect(answer.body).toEqual(body);
  expect(snapshot()).toEqual(before);
}

const idOf = (rows: readonly { id: number; name: string }[], name: string) => rows.findLast((row) => row.name === name)!.id;

async function newBrand(admin: string, brandName: string) {
  ok('brands/add-brand', await postToMocks('brands/add-brand', form({ brandName }, { brandImage: file(images.png, 'l.png') }), admin));
  return idOf(getStore().brands, brandName.normalize('NFKC'));
}
const addSeries = (admin: string, seriesName: string, seriesBrandId: number) =>
  postToMocks('series/add-series', form({ seriesName, seriesBrandId }, { seriesImage: file(images.jpg, 's.jpg') }), admin);
async function newSeries(admin: string, seriesName: string, brandId: number) {
  ok('series/add-series', await addSeries(admin, seriesName, brandId));
  return idOf(getStore().series, seriesName.normalize('NFKC'));
}
const addModel = (admin: string, modelName: string, modelSeriesId: number) =>
  postToMocks('models/add-model', { modelName, modelPriceUsd: 10, modelSeriesId }, admin);
async function newModel(admin: string, modelName: string, seriesId: number) {
  ok('models/add-model', await addModel(admin, modelName, seriesId));
  return idOf(getStore().models, modelName.normalize('NFKC'));
}

describe('look-alike names in the mocks', () => {
  it('brands: a Cyrillic look-alike or U+2011 hyphens are taken, on add and on update', async () => {
    const { admin } = await signInEachRole();
    await newBrand(admin, 'AC-1');
    await newBrand(admin, 'ACM-12-INV');
    const add = (brandName: string) =>
      postToMocks('brands/add-brand', form({ brandName }, { brandImage: file(images.png, 'l.png') }), admin);
    await expectRefused(() => add(CYRILLIC_AC1), taken('brandName', 'brand'));
    await expectRefused(() => add(NB_HYPHENS), taken('brandName', 'brand'));
    const update = (brandName: string) => postToMocks('brands/update-brand', form({ id: 1, brandName, brandIsActive: 1 }), admin);
    await expectRefused(() => update(CYRILLIC_AC1), taken('brandName', 'brand'));
    await expectRefused(() => update(NB_HYPHENS), taken('brandName', 'brand'));
  });

  it('series: a look-alike is taken within its brand, also when moving brand, and free in another', async () => {
    const { admin } = await signInEachRole();
    await newSeries(admin, 'AC-1', 1);
    await expectRefused(() => addSeries(admin, CYRILLIC_AC1, 1), taken('seriesName', 'series'));
    const elsewhere = await newSeries(admin, CYRILLIC_AC1, 2);
    const moved = form({ id: elsewhere, seriesName: CYRILLIC_AC1, seriesBrandId: 1, seriesIsActive: 1 });
    await expectRefused(() => postToMocks('series/update-series', moved, admin), taken('seriesName', 'series'));
  });

  it('models: a look-alike is taken within its series, also when moving series, and free in another', async () => {
    const { admin } = await signInEachRole();
    await newModel(admin, 'ACM-12-INV', 1);
    await newModel(admin, 'km-12', 1);
    await expectRefused(() => addModel(admin, NB_HYPHENS, 1), taken('modelName', 'model'));
    // Cyrillic 'КМ-12': the capitals of 'km-12', look-alike.
    await expectRefused(() => addModel(admin, '\u041a\u041c-12', 1), taken('modelName', 'model'));
    const elsewhere = await newModel(admin, NB_HYPHENS, 2);
    await expectRefused(
      () =>
        postToMocks(
          'models/update-model',
          { id: elsewhere, modelName: NB_HYPHENS, modelPriceUsd: 10, modelSeriesId: 1, modelIsActive: 1 },
          admin,
        ),
      taken('modelName', 'model'),
    );
  });

  it('import: a look-alike of a model in its series, or of an earlier row, is a taken name', async () => {
    const { admin } = await signInEachRole();
    await newModel(admin, 'AC-1', 1);
    const bytes = csvBytes([
      IMPORT_HEADER,
      ['Gree', 'Fairy', CYRILLIC_AC1, '', '20'],
      ['Gree', 'Fairy', 'ACM-12-INV', '', '20'],
      ['Gree', 'Fairy', NB_HYPHENS, '', '20'],
      ['Gree', 'Fairy', 'ac-1', '', '30'],
    ]);
    const { rows, summary } = ok('models/import-preview', await postToMocks('models/import-preview', importForm(bytes), admin)).preview;
    expect(rows.map((row) => [row.action, row.errors])).toEqual([
      ['error', { modelName: ['The model name has already been taken.'] }],
      ['create', {}],
      ['error', { modelName: ['The model name has already been taken.'] }],
      ['update', {}],
    ]);
    expect(summary).toEqual({ create: 1, update: 1, unchanged: 0, error: 2 });
    await expectRefused(() => postToMocks('models/import', importForm(bytes), admin), {
      message: 'The file has errors on 2 rows.',
      errors: { file: ['The file has errors on 2 rows.'] },
    });
  });
});
