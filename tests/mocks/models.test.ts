import { describe, expect, it } from 'vitest';
import { postToMocks, ok, signInEachRole, startMockApi } from './harness.ts';

startMockApi();

describe('models list', () => {
  it('orders by brand, series and model name, with null for an empty capacity', async () => {
    const { manager } = await signInEachRole();
    const rows = ok('models', await postToMocks('models', {}, manager)).tableData.data;
    expect(rows).toHaveLength(12);
    const keys = rows.map((row) => `${row.brandName}|${row.seriesName}|${row.modelName}`.toLowerCase());
    expect(keys).toEqual([...keys].sort());
    expect(rows.find((row) => row.modelName === 'HSU-18HRT')?.modelCapacityKW).toBeNull();
  });

  it('searches model, series and brand names as a case-insensitive substring', async () => {
    const { manager } = await signInEachRole();
    const search = async (filters: object) =>
      ok('models', await postToMocks('models', { filters }, manager)).tableData.data.map((row) => row.modelName);
    expect(await search({ search: 'hsu-12' })).toEqual(['HSU-12HFCAC', 'HSU-12HRT']);
    expect(await search({ search: 'THUNDER' })).toEqual(['HSU-12HRT', 'HSU-18HRT']);
    expect(await search({ search: 'gree' })).toHaveLength(5);
    expect(await search({ search: 'no such model' })).toEqual([]);
    expect(await search({ search: '   ' })).toHaveLength(12);
  });

  it('filters by status for an admin', async () => {
    const { admin } = await signInEachRole();
    const search = async (filters: object) =>
      ok('models', await postToMocks('models', { filters }, admin)).tableData.data.map((row) => row.modelName);
    expect(await search({ brandId: 2, status: '1' })).toEqual(['HSU-12HFCAC', 'HSU-18HFCAC', 'HSU-24HFCAC', 'HSU-12HRT', 'HSU-18HRT']);
    expect(await search({ seriesId: 2, status: 0 })).toEqual(['GS-18PITH11G']);
  });
});

describe('the paginator', () => {
  it('answers Laravel fields for an empty list', async () => {
    const { sales } = await signInEachRole();
    const table = ok('models', await postToMocks('models', { filters: { search: 'zzz' } }, sales)).tableData;
    expect(table).toEqual({
      data: [],
      per_page: 500,
      from: null,
      to: null,
      total: 0,
      last_page: 1,
      current_page: 1,
      first_page_url: '/api/models?page=1',
      last_page_url: '/api/models?page=1',
      next_page_url: null,
      prev_page_url: null,
      path: '/api/models',
    });
  });

  it('answers a partial last page', async () => {
    const { manager } = await signInEachRole();
    const { data, ...page } = ok('models', await postToMocks('models', { page: '3', per_page: '5' }, manager)).tableData;
    expect(data.map((row) => row.id)).toHaveLength(2);
    expect(page).toEqual({
      per_page: 5,
      from: 11,
      to: 12,
      total: 12,
      last_page: 3,
      current_page: 3,
      first_page_url: '/api/models?page=1',
      last_page_url: '/api/models?page=3',
      next_page_url: null,
      prev_page_url: '/api/models?page=2',
      path: '/api/models',
    });
    const first = ok('models', await postToMocks('models', { page: 1, per_page: 5 }, manager)).tableData;
    expect(first).toMatchObject({ from: 1, to: 5, next_page_url: '/api/models?page=2', prev_page_url: null });
  });

  it('shows everything on one page for "All" (per_page = total), and nothing past the end', async () => {
    const { admin } = await signInEachRole();
    const all = ok('users', await postToMocks('users', { per_page: 3 }, admin)).tableData;
    expect(all).toMatchObject({ total: 3, from: 1, to: 3, last_page: 1, next_page_url: null, per_page: 3 });
    const past = ok('users', await postToMocks('users', { page: 9, per_page: 3 }, admin)).tableData;
    expect(past).toMatchObject({ data: [], from: null, to: null, current_page: 9, prev_page_url: '/api/users?page=8' });
  });

  it('defaults to 30 rows on the other lists, and refuses a page size of 0', async () => {
    const { admin } = await signInEachRole();
    expect(ok('series', await postToMocks('series', {}, admin)).tableData.per_page).toBe(30);
    const zero = await postToMocks('brands', { per_page: 0 }, admin);
    expect(zero).toMatchObject({ status: 422, body: { errors: { per_page: ['The value must be a whole number of 1 or more.'] } } });
  });
});

describe('models/add-model and update-model', () => {
  it('answers 422 with the screen messages, then adds the model at quantity 0', async () => {
    const { admin } = await signInEachRole();
    const empty = await postToMocks(
      'models/add-model',
      { modelName: ' ', modelCapacityKW: '', modelPriceUsd: '', modelSeriesId: '' },
      admin,
    );
    expect(empty.status).toBe(422);
    expect(empty.body).toEqual({
      message: 'Please enter model name.',
      errors: {
        modelName: ['Please enter model name.'],
        modelPriceUsd: ['Please enter model price in usd.'],
        modelSeriesId: ['Please select series.'],
      },
    });
    const badSeries = await postToMocks('models/add-model', { modelName: 'X-1', modelPriceUsd: 10, modelSeriesId: 77 }, admin);
    expect(badSeries.body.errors).toEqual({ modelSeriesId: ['The selected series is invalid.'] });
    const taken = await postToMocks('models/add-model', { modelName: ' gs-12fith1w ', modelPriceUsd: 10, modelSeriesId: 1 }, admin);
    expect(taken.body.errors).toEqual({ modelName: ['The model name has already been taken.'] });

    const added = await postToMocks(
      'models/add-model',
      { modelName: 'GS-12FITH1W', modelCapacityKW: '', modelPriceUsd: '99.5', modelSeriesId: '2' },
      admin,
    );
    expect(ok('models/add-model', added)).toEqual({ responseMessage: 'Model added successfully.', responseFlag: 'success' });
    const model = ok('models/get-model', await postToMocks('models/get-model', { id: 13 }, admin)).model;
    expect(model).toEqual({
      id: 13,
      modelName: 'GS-12FITH1W',
      modelCapacityKW: null,
      modelPriceUsd: 99.5,
      modelSeriesId: 2,
      modelBrandId: 1,
      modelIsActive: 1,
      modelQuantity: 0,
      modelMinStock: 0,
      seriesName: 'Pular',
      brandName: 'Gree',
      version: 1,
    });
  });

  it('updates a model, and answers 404 for get-model of an unknown id', async () => {
    const { admin, manager } = await signInEachRole();
    const body = { id: 10, modelName: 'HSU-18HRT-2', modelCapacityKW: 5.275, modelPriceUsd: 620, modelSeriesId: 4, modelIsActive: 0 };
    expect(ok('models/update-model', await postToMocks('models/update-model', body, admin)).responseMessage).toBe(
      'Model updated successfully.',
    );
    const model = ok('models/get-model', await postToMocks('models/get-model', { id: 10 }, admin)).model;
    expect(model).toMatchObject({ modelName: 'HSU-18HRT-2', modelCapacityKW: 5.275, modelIsActive: 0 });
    // A Manager's screens show no status (docs/design.md §8.9).
    const managers = ok('models/get-model', await postToMocks('models/get-model', { id: 10 }, manager)).model;
    expect(managers).toEqual({ ...model, modelIsActive: undefined });
    expect(managers).not.toHaveProperty('modelIsActive');
    expect((await postToMocks('models/update-model', { ...body, id: 99 }, admin)).body.errors).toEqual({
      id: ['The selected model is invalid.'],
    });
    expect(await postToMocks('models/get-model', { id: 99 }, manager)).toMatchObject({
      status: 404,
      body: { responseMessage: 'Not found.' },
    });
  });

  it('lists stock options with their series and brand', async () => {
    const { manager } = await signInEachRole();
    const options = ok('models/get-all-models', await postToMocks('models/get-all-models', undefined, manager)).models;
    expect(options).toHaveLength(12);
    expect(options[0]).toEqual({ id: 1, modelName: 'GS-12FITH1W', seriesName: 'Fairy', brandName: 'Gree' });
  });
});
