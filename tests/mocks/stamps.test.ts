import { describe, expect, it } from 'vitest';
import { stampRefShape } from '#src/contract/stamps.ts';
import { DEFAULT_BUSINESS_TIME_ZONE } from '#src/domain/business-time.ts';
import { allAtOnce } from '#src/domain/in-slices.ts';
import { decodeStampedModels, stampInstant } from '#src/domain/price-stamps.ts';
import { getStore } from '#mocks/store.ts';
import { ok, postToMocks, signInEachRole, startMockApi } from './harness.ts';

// docs/design.md §8.2: a stamp records the sheet's models exactly as models/export lists them for
// the caller, in one row, with its audit entry.
startMockApi();

const idsListed = async (token: string, body: object) =>
  ok('models', await postToMocks('models', { ...body, per_page: 500 }, token)).tableData.data.map((row) => row.id);

describe('stamps/create on the mocks', () => {
  it("answers the ref, the line and the link, and records a Sales user's sellable models in the export's order", async () => {
    const { sales } = await signInEachRole();
    const body = { filters: { search: 'gs' }, sort: 'price.desc' };
    const { stamp } = ok('stamps/create', await postToMocks('stamps/create', body, sales));
    expect(stamp.ref).toMatch(stampRefShape);
    expect(stamp.url).toBe(`http://localhost/v/${stamp.ref}`);
    const stored = getStore().stamps.at(-1)!;
    expect(stamp.line).toBe(
      `Prices as of ${stampInstant(stored.createdAt, DEFAULT_BUSINESS_TIME_ZONE)} · 1 USD = Rs 281.15 · Ref ${stamp.ref}`,
    );
    expect(stored).toMatchObject({ ref: stamp.ref, userId: 3, variables: { exch: '281.15', tr: '3.517' } });
    const models = allAtOnce(decodeStampedModels(stored.models));
    // Model 5 (GS-18PITH11G) is inactive: not on a Sales sheet.
    expect(models.map((model) => model.id)).toEqual(await idsListed(sales, body));
    expect(models.map((model) => model.id)).not.toContain(5);
    // GS-12FITH1W: USD 50 at the seeded variables is Rs 20,209.
    expect(models.find((model) => model.id === 1)).toEqual({ id: 1, priceCents: 5000, total: 20209, sellable: true });
  });

  it("keeps a manager's unsellable models, marked so, and writes the audit entry", async () => {
    const { manager } = await signInEachRole();
    const { stamp } = ok('stamps/create', await postToMocks('stamps/create', { filters: { brandId: 3 } }, manager));
    const stored = getStore().stamps.at(-1)!;
    expect(allAtOnce(decodeStampedModels(stored.models))).toEqual([
      expect.objectContaining({ id: 11, priceCents: 39900, sellable: false }),
      expect.objectContaining({ id: 12, priceCents: 51500, sellable: false }),
    ]);
    expect(getStore().auditLog.at(-1)).toMatchObject({
      action: 'stamp.create',
      entityType: 'stamp',
      entityId: stored.id,
      entityName: stamp.ref,
      userName: 'Manager User',
      changes: { stampRef: [null, stamp.ref], stampModels: [null, 2] },
    });
  });

  it('gives each stamp its own ref', async () => {
    const { admin } = await signInEachRole();
    const refs = new Set<string>();
    for (let i = 0; i < 5; i += 1) refs.add(ok('stamps/create', await postToMocks('stamps/create', {}, admin)).stamp.ref);
    expect(refs.size).toBe(5);
    expect(getStore().stamps).toHaveLength(5);
  });

  it('refuses what the export refuses, leaving no stamp and no entry', async () => {
    const { sales } = await signInEachRole();
    const entries = getStore().auditLog.length;
    const size = await postToMocks('stamps/create', { filters: { size: '9.00' } }, sales);
    expect(size.status).toBe(422);
    expect(size.body.errors).toEqual({ 'filters.size': ['The selected size is invalid.'] });
    expect((await postToMocks('stamps/create', { filters: { lowStock: 1 } }, sales)).status).toBe(403);
    expect((await postToMocks('stamps/create', {})).status).toBe(203);
    expect(getStore().stamps).toHaveLength(0);
    expect(getStore().auditLog).toHaveLength(entries);
  });
});
