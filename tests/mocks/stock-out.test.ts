import { describe, expect, it } from 'vitest';
import { postToMocks, ok, signInEachRole, startMockApi } from './harness.ts';

// The mocks keep docs/design.md §7.3 as the server does (tests/api/stock-out.test.ts, dashboard.test.ts).
startMockApi();

const forbidden = { responseMessage: "You didn't have permission to perform this action.", responseFlag: 'danger' };

describe('models/remove-stock', () => {
  it('removes while the stock suffices, with its note, and otherwise names the stock and changes nothing', async () => {
    const { manager, sales } = await signInEachRole();
    const removed = await postToMocks('models/remove-stock', { id: 1, modelQuantity: 6, note: ' PO 1 ' }, manager);
    expect(ok('models/remove-stock', removed)).toEqual({ responseMessage: 'Stock removed successfully.', responseFlag: 'success' });
    const refused = await postToMocks('models/remove-stock', { id: 1, modelQuantity: 21 }, manager);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ modelQuantity: ['The quantity may not be greater than the stock (20).'] });
    expect(await postToMocks('models/remove-stock', { id: 1, modelQuantity: 1 }, sales)).toMatchObject({ status: 403, body: forbidden });

    const model = ok('models/get-model', await postToMocks('models/get-model', { id: 1 }, manager)).model;
    expect(model.modelQuantity).toBe(20);
    const logs = ok('models/model-logs', await postToMocks('models/model-logs', { filters: { modelId: 1 } }, manager)).tableData.data;
    expect(logs[0]).toMatchObject({ quantity: 6, quantityType: 2, note: 'PO 1' });
    expect(logs).toHaveLength(4);
  });
});

describe('minimum stock and the low-stock filter', () => {
  it('keeps modelMinStock on add and update (missing: unchanged), and filters low models for level 2 only', async () => {
    const { admin, manager, sales } = await signInEachRole();
    await postToMocks('models/add-model', { modelName: 'Min Mock', modelPriceUsd: 10, modelSeriesId: 1, modelMinStock: 3 }, admin);
    const low = ok('models', await postToMocks('models', { filters: { lowStock: 1 } }, manager)).tableData.data;
    // mocks/seed.ts: 2 and 4 are low; the new model (in Fairy, before Pular) has 0 of 3.
    expect(low.map((row) => row.modelName)).toEqual(['GS-18FITH1W', 'Min Mock', 'GS-12PITH11G']);
    expect(low[0]).toMatchObject({ modelQuantity: 15, modelMinStock: 20 });
    expect(await postToMocks('models', { filters: { lowStock: 1 } }, sales)).toMatchObject({ status: 403, body: forbidden });
    const salesRow = ok('models', await postToMocks('models', {}, sales)).tableData.data[0]!;
    expect(salesRow).not.toHaveProperty('modelMinStock');

    const id = low[1]!.id;
    const update = { id, modelName: 'Min Mock', modelPriceUsd: 10, modelSeriesId: 1, modelIsActive: 1 };
    expect((await postToMocks('models/update-model', update, admin)).status).toBe(200);
    expect(ok('models/get-model', await postToMocks('models/get-model', { id }, admin)).model.modelMinStock).toBe(3);
    expect((await postToMocks('models/update-model', { ...update, modelMinStock: -1 }, admin)).body.errors).toEqual({
      modelMinStock: ['The minimum stock must be at least 0.'],
    });
  });
});

describe('dashboard', () => {
  it('answers each level its parts, with the exact stock value for admins', async () => {
    const { admin, manager, sales } = await signInEachRole();
    const of = async (token: string) => ok('dashboard', await postToMocks('dashboard', {}, token)).dashboard;
    // mocks/seed.ts: the rate's last change on record, 282.05 → 281.15 by the manager.
    expect(await of(sales)).toEqual({ exch: '281.15', exchChangedAt: '2026-01-19T08:45:00.000Z', exchChangedBy: 'Manager User' });
    const forManager = await of(manager);
    expect(forManager.lowStockCount).toBe(2);
    expect(forManager.lowStock!.map((row) => row.modelName)).toEqual(['GS-12PITH11G', 'GS-18FITH1W']);
    expect(forManager.recentMoves).toHaveLength(9);
    expect(forManager).not.toHaveProperty('counts');
    const forAdmin = await of(admin);
    expect(forAdmin.counts).toEqual({ brands: 3, series: 5, models: 12, activeModels: 11, users: 3 });
    // Active models in stock (mocks/seed.ts) at 281.15 / 0.05 / 0.20 / 0.15: the Totals of the list × quantity.
    // Worked out apart (Python's decimal, half up at each step): 1: 26 × 20209; 2: 15 × 293213;
    // 4: 8 × 218344; 6: 25 × 201669; 8: 12 × 347571; 11: 6 × 161258.
    expect(forAdmin.stockValuePkr).toBe(String(26 * 20209 + 15 * 293213 + 8 * 218344 + 25 * 201669 + 12 * 347571 + 6 * 161258));
  });
});
