import { describe, expect, it } from 'vitest';
import { getStore } from '#mocks/store.ts';
import { computePrices } from '#src/domain/prices.ts';
import { ok, postToMocks, signInEachRole, startMockApi } from './harness.ts';

// The mocks answer docs/design.md §8.9's shapes by role as the server does
// (tests/api/answer-shapes.test.ts; parity.test.ts compares the two answer for answer).

startMockApi();

/** Each model's Total at the store's variables, by id, as src/domain works it out. */
const totals = () =>
  new Map(getStore().models.map((model) => [model.id, Number(computePrices(model.priceUsd, getStore().variables).total)]));

describe('answers carry only what the screens show, in the mocks', () => {
  it("gives Sales each model's Total and no USD price, sorted by Total", async () => {
    const { sales } = await signInEachRole();
    const rows = ok('models', await postToMocks('models', { filters: {}, sort: 'price.desc' }, sales)).tableData.data;
    expect(rows.length).toBeGreaterThan(0);
    const expected = totals();
    for (const row of rows) {
      expect(row).not.toHaveProperty('modelPriceUsd');
      expect(row.modelTotal).toBe(expected.get(row.id));
    }
    const shown = rows.map((row) => row.modelTotal!);
    expect(shown).toEqual(shown.toSorted((a, b) => b - a));
  });

  it("follows a rate change at the next read, and writes the same Totals in Sales' sheet", async () => {
    const { manager, sales } = await signInEachRole();
    ok('variables/update-exch', await postToMocks('variables/update-exch', { exch: '300' }, manager));
    const rows = ok('models', await postToMocks('models', { filters: {} }, sales)).tableData.data;
    const expected = totals();
    for (const row of rows) expect(row.modelTotal).toBe(expected.get(row.id));
    const sheet = (await postToMocks('models/export', { filters: {} }, sales)).body as string;
    const [header, ...records] = sheet
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(header).toBe('Brand,Series,Model,Capacity-KW,Total');
    expect(records.map((record) => Number(record.split(',').at(-1)))).toEqual(rows.map((row) => row.modelTotal));
  });

  it('answers Sales the TR and the rate alone, the others all five', async () => {
    const tokens = await signInEachRole();
    const keys = async (token: string) => Object.keys(ok('variables', await postToMocks('variables', undefined, token)).variables).sort();
    expect(await keys(tokens.sales)).toEqual(['exch', 'tr', 'version']);
    for (const token of [tokens.manager, tokens.admin])
      expect(await keys(token)).toEqual(['duties', 'exch', 'fare', 'profit', 'tr', 'version']);
  });

  it('answers models/get-model with the status to Admins only', async () => {
    const { admin, manager } = await signInEachRole();
    const read = async (token: string) => ok('models/get-model', await postToMocks('models/get-model', { id: 1 }, token)).model;
    expect(await read(admin)).toHaveProperty('modelIsActive');
    expect(await read(manager)).not.toHaveProperty('modelIsActive');
  });
});
