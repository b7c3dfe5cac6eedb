import { describe, expect, it } from 'vitest';
import { getStore } from '#mocks/store.ts';
import { postToMocks, ok, signInEachRole, startMockApi } from './harness.ts';

startMockApi();

const CHANGED_MEANWHILE = 'The exchange rate has been changed by someone else. Reload to see it.';

describe('pricing history on the mocks', () => {
  it('records each changed variable, none for an unchanged save, and lists them newest first', async () => {
    const { admin, manager } = await signInEachRole();
    const seeded = getStore().variableHistory.length;
    expect((await postToMocks('variables/update-exch', { exch: '281.15' }, manager)).status).toBe(200);
    expect(getStore().variableHistory).toHaveLength(seeded);

    expect((await postToMocks('variables/update-exch', { exch: '290', previousExch: '281.150' }, manager)).status).toBe(200);
    const all = { tr: '3.517', exch: '290', fare: '0.05', duties: '0.2', profit: '0.15' };
    expect((await postToMocks('variables/update-variables', all, admin)).status).toBe(200);

    const page = ok('variables/history', await postToMocks('variables/history', { filters: {}, per_page: 2 }, manager)).tableData;
    expect(page.total).toBe(seeded + 2);
    expect(page.data.map((row) => [row.variable, row.oldValue, row.newValue, row.userName])).toEqual([
      ['duties', '0.20', '0.2', 'Admin User'],
      ['exch', '281.15', '290', 'Manager User'],
    ]);
    const exch = ok('variables/history', await postToMocks('variables/history', { filters: { variable: 'exch' } }, manager)).tableData;
    expect(exch.data.every((row) => row.variable === 'exch')).toBe(true);
    expect(exch.data[0]!.newValue).toBe('290');
  });

  it('refuses a rate changed meanwhile, an unknown variable, and Sales', async () => {
    const { manager, sales } = await signInEachRole();
    const before = structuredClone(getStore().variables);
    const stale = await postToMocks('variables/update-exch', { exch: '300', previousExch: '280' }, manager);
    expect(stale).toMatchObject({ status: 422, body: { errors: { newExch: [CHANGED_MEANWHILE] } } });
    expect(getStore().variables).toEqual(before);
    const unknown = await postToMocks('variables/history', { filters: { variable: 'price' } }, manager);
    expect(unknown).toMatchObject({ status: 422, body: { errors: { 'filters.variable': ['The selected variable is invalid.'] } } });
    expect((await postToMocks('variables/history', {}, sales)).status).toBe(403);
  });
});
