import { describe, expect, it } from 'vitest';
import { forbidden } from '#tests/api/expected.ts';
import { postToMocks, signInEachRole, startMockApi } from './harness.ts';

// The mocks answer docs/design.md §7.6's columns by role as the server does (tests/api/model-columns.test.ts).

startMockApi();

const SHARED = ['brandName', 'id', 'modelCapacityKW', 'modelName', 'seriesName'];
const KEYS = {
  admin: [...SHARED, 'modelIsActive', 'modelMinStock', 'modelPriceUsd', 'modelQuantity'].sort(),
  manager: [...SHARED, 'modelMinStock', 'modelPriceUsd', 'modelQuantity'].sort(),
  sales: [...SHARED, 'modelTotal'].sort(),
};

describe('models columns by role', () => {
  it.each(Object.keys(KEYS) as (keyof typeof KEYS)[])('sends %s only the fields of its role', async (role) => {
    const tokens = await signInEachRole();
    const answer = await postToMocks('models', {}, tokens[role]);
    expect(answer.status).toBe(200);
    const rows = answer.body.tableData.data as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(KEYS[role]);
  });

  it('answers 403 below level 1 to a status filter, and lets an admin use it', async () => {
    const { admin, manager, sales } = await signInEachRole();
    for (const token of [manager, sales]) {
      expect(await postToMocks('models', { filters: { status: 1 } }, token)).toMatchObject({ status: 403, body: forbidden });
      expect((await postToMocks('models', { filters: { status: '' } }, token)).status).toBe(200);
    }
    expect((await postToMocks('models', { filters: { status: 0 } }, admin)).status).toBe(200);
  });
});
