import { afterAll, beforeAll, expect, it } from 'vitest';
import { csvBytes, IMPORT_HEADER, importForm } from '#tests/support/import-files.ts';
import { call, describeEachDatabase, form, images, signInEachRole, startServer, type Answer, type TestServer } from './harness.ts';
import { invalid, ok } from './expected.ts';

// docs/design.md §8.9: names of brands, series and models are unique within their parent by their
// look-alike skeleton, as usernames are. The probe added these side by side.

/** 'АС-1' with a Cyrillic А and С: no Latin letter in it, so only the skeleton tells it from 'AC-1'. */
const CYRILLIC_AC1 = '\u0410\u0421-1';
/** 'КМ-12' with a Cyrillic К and М: capitals that look Latin where their small letters do not. */
const CYRILLIC_KM12 = '\u041a\u041c-12';
/** With U+2011 non-breaking hyphens, which look like '-'. */
const NB_HYPHENS = 'ACM\u201112\u2011INV';

const takenBrand = invalid({ brandName: ['The brand name has already been taken.'] });
const takenSeries = invalid({ seriesName: ['The series name has already been taken.'] });
const takenModel = invalid({ modelName: ['The model name has already been taken.'] });

describeEachDatabase('look-alike names', (kind) => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startServer(kind);
    ({ admin } = await signInEachRole(server));
  });
  afterAll(() => server.close());

  /** Every catalogue row, to prove a refused write changed nothing. */
  const snapshot = async () => ({
    brands: await server.db.selectFrom('brands').selectAll().orderBy('id').execute(),
    series: await server.db.selectFrom('series').selectAll().orderBy('id').execute(),
    models: await server.db.selectFrom('models').selectAll().orderBy('id').execute(),
  });

  async function expectRefused(send: () => Promise<Answer>, body: unknown) {
    const before = await snapshot();
    const answer = await send();
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual(body);
    expect(await snapshot()).toEqual(before);
  }

  const brandForm = (brandName: string, extra: Record<string, string | number> = {}) =>
    form({ brandName, ...extra }, { brandImage: { bytes: images.png, name: 'logo.png' } });
  const addBrand = (brandName: string) => call(server, 'brands/add-brand', brandForm(brandName), admin);
  const seriesForm = (seriesName: string, seriesBrandId: number, extra: Record<string, string | number> = {}) =>
    form({ seriesName, seriesBrandId, ...extra }, { seriesImage: { bytes: images.jpg, name: 's.jpg' } });
  const addSeries = (seriesName: string, seriesBrandId: number) =>
    call(server, 'series/add-series', seriesForm(seriesName, seriesBrandId), admin);
  const addModel = (modelName: string, modelSeriesId: number) =>
    call(server, 'models/add-model', { modelName, modelPriceUsd: 10, modelSeriesId }, admin);

  async function idOf(table: 'brands' | 'series' | 'models', answer: Answer, name: string): Promise<number> {
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const rows = await server.db.selectFrom(table).select('id').where('name', '=', name).orderBy('id', 'desc').execute();
    return rows[0]!.id;
  }
  const newBrand = async (name: string) => idOf('brands', await addBrand(name), name);
  const newSeries = async (name: string, brandId: number) => idOf('series', await addSeries(name, brandId), name);
  const newModel = async (name: string, seriesId: number) => idOf('models', await addModel(name, seriesId), name);

  it('brands: a Cyrillic look-alike or U+2011 hyphens are the name already taken, on add and on update', async () => {
    await newBrand('AC-1');
    await newBrand('ACM-12-INV');
    await newBrand('KM-12');
    await expectRefused(() => addBrand(CYRILLIC_AC1), takenBrand);
    await expectRefused(() => addBrand(CYRILLIC_KM12), takenBrand);
    await expectRefused(() => addBrand(NB_HYPHENS), takenBrand);
    const other = await newBrand('Other Skeleton Brand');
    await expectRefused(
      () => call(server, 'brands/update-brand', form({ id: other, brandName: CYRILLIC_AC1, brandIsActive: 1 }), admin),
      takenBrand,
    );
    await expectRefused(
      () => call(server, 'brands/update-brand', form({ id: other, brandName: NB_HYPHENS, brandIsActive: 1 }), admin),
      takenBrand,
    );
  });

  it('series: a look-alike is taken within its brand, on add and on update (also moving brand), and free in another brand', async () => {
    const north = await newBrand('Skeleton North');
    const south = await newBrand('Skeleton South');
    await newSeries('AC-1', north);
    await newSeries('ACM-12-INV', north);
    await expectRefused(() => addSeries(CYRILLIC_AC1, north), takenSeries);
    await expectRefused(() => addSeries(NB_HYPHENS, north), takenSeries);
    const elsewhere = await newSeries(CYRILLIC_AC1, south);
    const update = (id: number, seriesName: string, seriesBrandId: number) =>
      call(server, 'series/update-series', form({ id, seriesName, seriesBrandId, seriesIsActive: 1 }), admin);
    await expectRefused(() => update(elsewhere, CYRILLIC_AC1, north), takenSeries);
    const renamed = await newSeries('Skeleton Other', north);
    await expectRefused(() => update(renamed, NB_HYPHENS, north), takenSeries);
  });

  it('models: a look-alike is taken within its series, on add and on update (also moving series), and free in another series', async () => {
    const brand = await newBrand('Skeleton Models');
    const series = await newSeries('Main', brand);
    const otherSeries = await newSeries('Side', brand);
    await newModel('AC-1', series);
    await newModel('ACM-12-INV', series);
    await newModel('km-12', series);
    await expectRefused(() => addModel(CYRILLIC_AC1, series), takenModel);
    await expectRefused(() => addModel(CYRILLIC_KM12, series), takenModel);
    await expectRefused(() => addModel(NB_HYPHENS, series), takenModel);
    const elsewhere = await newModel(CYRILLIC_AC1, otherSeries);
    const update = (id: number, modelName: string, modelSeriesId: number) =>
      call(server, 'models/update-model', { id, modelName, modelPriceUsd: 10, modelSeriesId, modelIsActive: 1 }, admin);
    await expectRefused(() => update(elsewhere, CYRILLIC_AC1, series), takenModel);
    const renamed = await newModel('Skeleton Other', series);
    await expectRefused(() => update(renamed, NB_HYPHENS, series), takenModel);
  });

  it('import: a row naming a look-alike of a model in its series, or of an earlier row, is a taken name; apply writes nothing', async () => {
    const brand = await newBrand('Skeleton Import');
    const series = await newSeries('Imported', brand);
    await newModel('AC-1', series);
    const bytes = csvBytes([
      IMPORT_HEADER,
      ['Skeleton Import', 'Imported', CYRILLIC_AC1, '', '20'],
      ['Skeleton Import', 'Imported', 'ACM-12-INV', '', '20'],
      ['Skeleton Import', 'Imported', NB_HYPHENS, '', '20'],
      ['Skeleton Import', 'Imported', 'ac-1', '', '30'],
    ]);
    const { rows, summary } = ok('models/import-preview', await call(server, 'models/import-preview', importForm(bytes), admin)).preview;
    expect(rows.map((row) => [row.action, row.errors])).toEqual([
      ['error', { modelName: ['The model name has already been taken.'] }],
      ['create', {}],
      ['error', { modelName: ['The model name has already been taken.'] }],
      ['update', {}],
    ]);
    expect(summary).toEqual({ create: 1, update: 1, unchanged: 0, error: 2 });
    await expectRefused(
      () => call(server, 'models/import', importForm(bytes), admin),
      invalid({ file: ['The file has errors on 2 rows.'] }),
    );
  });

  it('import: a file of distinct names is applied, and each imported model keeps its skeleton unique', async () => {
    const brand = await newBrand('Skeleton Apply');
    const series = await newSeries('Applied', brand);
    const bytes = csvBytes([IMPORT_HEADER, ['Skeleton Apply', 'Applied', 'ACM-12-INV', '', '20']]);
    expect((await call(server, 'models/import', importForm(bytes), admin)).status).toBe(200);
    await expectRefused(() => addModel(NB_HYPHENS, series), takenModel);
  });
});
