import { describe, expect, it } from 'vitest';
import { bulkMessages } from '#src/contract/bulk-update.ts';
import { getStore } from '#mocks/store.ts';
import { ok, postToMocks, signInEachRole, startMockApi } from './harness.ts';

startMockApi();

// The mocks answer models/bulk-update from src/domain, as the server does (tests/api/bulk-update.test.ts).

describe('models/bulk-update in the mocks', () => {
  it('is for admins only', async () => {
    const { manager, sales } = await signInEachRole();
    for (const token of [manager, sales]) {
      expect((await postToMocks('models/bulk-update', { filters: {}, set: { modelMinStock: 1 }, preview: 1 }, token)).status).toBe(403);
    }
  });

  it('previews every model of the list without writing, then applies with one model.update entry per changed model', async () => {
    const { admin } = await signInEachRole();
    const before = structuredClone(getStore().models);
    const body = { filters: {}, price: { mode: 'percent', value: 4 } };
    const { preview } = ok('models/bulk-update', await postToMocks('models/bulk-update', { ...body, preview: 1 }, admin)) as {
      preview: { rows: { id: number; changes: Record<string, [number, number]> }[]; summary: { update: number } };
    };
    expect(preview.rows).toHaveLength(before.length);
    expect(preview.summary.update).toBe(before.length);
    expect(getStore().models).toEqual(before);

    const entries = getStore().auditLog.length;
    const applied = await postToMocks('models/bulk-update', { ...body, preview: 0 }, admin);
    expect(applied.body).toEqual({ responseMessage: `${before.length} models updated.`, responseFlag: 'success' });
    const added = getStore().auditLog.slice(entries);
    expect(added.map((entry) => [entry.action, entry.entityId])).toEqual(preview.rows.map((row) => ['model.update', row.id]));
    for (const row of preview.rows) {
      const model = getStore().models.find((m) => m.id === row.id)!;
      expect(model.priceUsd).toBe(row.changes.modelPriceUsd![1]);
      expect(added.find((entry) => entry.entityId === row.id)!.changes).toEqual(row.changes);
    }
  });

  it('refuses the whole apply when one row would not stay above 0', async () => {
    const { admin } = await signInEachRole();
    const before = structuredClone(getStore().models);
    const refused = await postToMocks('models/bulk-update', { filters: {}, price: { mode: 'set', value: 0 }, preview: 0 }, admin);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ 'price.value': [bulkMessages.priceNotPositive] });
    expect(getStore().models).toEqual(before);
  });
});
