import { describe, expect, it } from 'vitest';
import { ok, postToMocks, signInEachRole, startMockApi } from './harness.ts';

// docs/design.md §8.8 on the mocks: the size filter, and Sales offered only what can be sold. The
// seed (TR 3.517): GS-18PITH11G is inactive, Thunder (HSU-12HRT, HSU-18HRT) an inactive series,
// Orient (OS-12UB, OS-18UB) an inactive brand.

startMockApi();

const names = async (call: 'models' | 'models/export', body: object, token: string) => {
  const answer = await postToMocks(call, body, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  if (call === 'models') return ok('models', answer).tableData.data.map((row) => row.modelName);
  return (answer.body as string)
    .split('\r\n')
    .slice(1, -1)
    .map((line) => line.split(',')[2]);
};
const invalidSize = { status: 422, body: { errors: { 'filters.size': ['The selected size is invalid.'] } } };

describe('what Sales are offered', () => {
  it('leaves out inactive models and those of an inactive series or brand, for Sales only', async () => {
    const { sales, manager, admin } = await signInEachRole();
    const sellable = ['GS-12FITH1W', 'GS-18FITH1W', 'GS-24FITH1W', 'GS-12PITH11G', 'HSU-12HFCAC', 'HSU-18HFCAC', 'HSU-24HFCAC'];
    for (const call of ['models', 'models/export'] as const) {
      expect(await names(call, { filters: {} }, sales)).toEqual(sellable);
      for (const token of [manager, admin]) expect(await names(call, { filters: {} }, token)).toHaveLength(12);
    }
    // Asking for an inactive brand or series by id finds nothing for Sales.
    expect(await names('models', { filters: { brandId: 3 } }, sales)).toEqual([]);
    expect(await names('models', { filters: { seriesId: 4 } }, sales)).toEqual([]);
  });
});

describe('the size filter', () => {
  it('shows the models of that rounded size, each role among its own models, in the list and the export', async () => {
    const { sales, admin } = await signInEachRole();
    for (const call of ['models', 'models/export'] as const) {
      expect(await names(call, { filters: { size: '1.50' } }, sales)).toEqual(['GS-18FITH1W', 'HSU-18HFCAC']);
      expect(await names(call, { filters: { size: '1.50' } }, admin)).toEqual(['GS-18FITH1W', 'GS-18PITH11G', 'HSU-18HFCAC', 'OS-18UB']);
    }
    expect(await names('models', { filters: { size: '1.00', brandId: 2 } }, sales)).toEqual(['HSU-12HFCAC']);
  });

  it('offers only the sizes of the models a role is offered, and refuses any other with 422', async () => {
    const { sales, admin } = await signInEachRole();
    // 8.8 kW at TR 3.517 is 10.008 quarters: 2.5 tons, only in the inactive Thunder series.
    const added = { modelName: 'HSU-30HRT', modelCapacityKW: 8.8, modelPriceUsd: 900, modelSeriesId: 4 };
    expect((await postToMocks('models/add-model', added, admin)).status).toBe(200);
    const sizes = async (token: string) => ok('models/filter-options', await postToMocks('models/filter-options', {}, token)).sizes;
    expect(await sizes(admin)).toEqual(['1.00', '1.50', '2.00', '2.50']);
    expect(await sizes(sales)).toEqual(['1.00', '1.50', '2.00']);
    expect(await names('models', { filters: { size: '2.50' } }, admin)).toEqual(['HSU-30HRT']);
    for (const call of ['models', 'models/export'] as const) {
      expect(await postToMocks(call, { filters: { size: '2.50' } }, sales)).toMatchObject(invalidSize);
      for (const size of ['1.25', '1.5', 1.5, 'big']) {
        expect(await postToMocks(call, { filters: { size } }, admin)).toMatchObject(invalidSize);
      }
    }
  });
});
