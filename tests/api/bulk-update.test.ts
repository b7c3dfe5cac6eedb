import { afterAll, beforeAll, expect, it } from 'vitest';
import { BULK_MAX_IDS, bulkMessages } from '#src/contract/bulk-update.ts';
import { call, describeEachDatabase, seedCatalogue, signInEachRole, startServer, type TestServer } from './harness.ts';
import { forbidden, invalid, ok } from './expected.ts';

// models/bulk-update (docs/design.md §8.4) on each database: the preview, the apply all or
// nothing, one audit entry per changed model, and who may.

describeEachDatabase('models/bulk-update', (kind) => {
  let server: TestServer;
  let admin: string;
  let manager: string;
  let sales: string;
  let brandId: number;
  /** Bulk Model (50), then A (12.50), B (19.99), C (100) of one series, each with its id. */
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    server = await startServer(kind);
    ({ admin, manager, sales } = await signInEachRole(server));
    const seeded = await seedCatalogue(server, admin, 'Bulk');
    brandId = seeded.brandId;
    ids.Model = seeded.modelId;
    for (const [name, price] of [
      ['A', 12.5],
      ['B', 19.99],
      ['C', 100],
    ] as const) {
      const added = await call(
        server,
        'models/add-model',
        { modelName: `Bulk ${name}`, modelCapacityKW: '', modelPriceUsd: price, modelSeriesId: seeded.seriesId },
        admin,
      );
      expect(added.status).toBe(200);
      const row = await server.db.selectFrom('models').select('id').where('name', '=', `Bulk ${name}`).executeTakeFirstOrThrow();
      ids[name] = row.id;
    }
  });
  afterAll(() => server.close());

  const bulk = (body: object, token = admin) => call(server, 'models/bulk-update', body, token);
  const models = () =>
    server.db.selectFrom('models').select(['id', 'price_cents', 'is_active', 'min_stock', 'version', 'updated_at']).orderBy('id').execute();
  const entries = () =>
    server.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id', 'entity_name', 'changes'])
      .where('action', '=', 'model.update')
      .execute();
  const priceOf = async (id: number) =>
    Number((await server.db.selectFrom('models').select('price_cents').where('id', '=', id).executeTakeFirstOrThrow()).price_cents);

  it('is for admins only: 403 for a manager and a sales user, nothing written', async () => {
    const before = await models();
    for (const token of [manager, sales]) {
      for (const preview of [0, 1]) {
        const answer = await bulk({ ids: [ids.A], price: { mode: 'percent', value: 4 }, preview }, token);
        expect(answer.status).toBe(403);
        expect(answer.body).toEqual(forbidden);
      }
    }
    expect(await models()).toEqual(before);
  });

  it('previews every model the filters match, in the list order, rounding half up, and writes nothing', async () => {
    const before = await models();
    const auditBefore = await entries();
    const { preview } = ok(
      'models/bulk-update',
      await bulk({ filters: { brandId }, price: { mode: 'percent', value: 1 }, preview: 1 }),
    ) as { preview: { rows: unknown[]; summary: unknown } };
    expect(preview.summary).toEqual({ update: 4, unchanged: 0, error: 0 });
    expect(preview.rows).toEqual([
      // 12.50 + 1 % is 12.625 exactly: half up, 12.63 (a double would say 12.62).
      row('A', { modelPriceUsd: [12.5, 12.63] }),
      row('B', { modelPriceUsd: [19.99, 20.19] }),
      row('C', { modelPriceUsd: [100, 101] }),
      row('Model', { modelPriceUsd: [50, 50.5] }),
    ]);
    expect(await models()).toEqual(before);
    expect(await entries()).toEqual(auditBefore);
  });

  const row = (name: string, changes: object, errors: object = {}) => ({
    id: ids[name],
    brandName: 'Bulk Brand',
    seriesName: 'Bulk Series',
    modelName: name === 'Model' ? 'Bulk Model' : `Bulk ${name}`,
    changes,
    errors,
  });

  it('selects the same models as the list with the same filters', async () => {
    const filters = { brandId, search: 'bulk a' };
    const list = ok('models', await call(server, 'models', { filters, page: 1, per_page: 500 }, admin));
    const { preview } = ok('models/bulk-update', await bulk({ filters, set: { modelMinStock: 3 }, preview: 1 })) as {
      preview: { rows: { id: number }[] };
    };
    expect(preview.rows.map((r) => r.id)).toEqual(list.tableData.data.map((r) => r.id));
  });

  it('applies in one go: each changed model once in the audit log, its version raised; unchanged ones untouched', async () => {
    // Bulk C is inactive already: setting every one inactive leaves it as it is.
    await bulk({ ids: [ids.C], set: { modelIsActive: 0 }, preview: 0 });
    const before = new Map((await models()).map((m) => [m.id, m]));
    const auditBefore = (await entries()).length;
    const answer = await bulk({ ids: [ids.A, ids.B, ids.C, ids.A], set: { modelIsActive: 0 }, preview: 0 });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ responseMessage: '2 models updated.', responseFlag: 'success' });
    const after = new Map((await models()).map((m) => [m.id, m]));
    for (const name of ['A', 'B']) {
      expect(after.get(ids[name]!)).toMatchObject({ is_active: 0, version: before.get(ids[name]!)!.version + 1 });
    }
    expect(after.get(ids.C!)).toEqual(before.get(ids.C!));
    const added = (await entries()).slice(auditBefore);
    expect(added.map((e) => [Number(e.entity_id), e.entity_name, JSON.parse(e.changes)]).sort()).toEqual(
      [
        [ids.A, 'Bulk A', { modelIsActive: [1, 0] }],
        [ids.B, 'Bulk B', { modelIsActive: [1, 0] }],
      ].sort(),
    );
  });

  it('says one model in the singular, and writes the rounded price in cents', async () => {
    const answer = await bulk({ ids: [ids.A], price: { mode: 'percent', value: 1 }, set: { modelIsActive: 1 }, preview: 0 });
    expect(answer.body).toEqual({ responseMessage: '1 model updated.', responseFlag: 'success' });
    expect(await priceOf(ids.A!)).toBe(1263);
    const [entry] = (await entries()).filter((e) => Number(e.entity_id) === ids.A).slice(-1);
    expect(JSON.parse(entry!.changes)).toEqual({ modelPriceUsd: [12.5, 12.63], modelIsActive: [0, 1] });
  });

  it('amount and set mode: any row that would not stay above 0 refuses the whole apply, nothing changed', async () => {
    const before = await models();
    const auditBefore = await entries();
    const body = { filters: { brandId }, price: { mode: 'amount', value: -20 } };
    const { preview } = ok('models/bulk-update', await bulk({ ...body, preview: 1 })) as {
      preview: { rows: { id: number; errors: object }[]; summary: object };
    };
    expect(preview.summary).toEqual({ update: 2, unchanged: 0, error: 2 });
    expect(preview.rows.find((r) => r.id === ids.A)!.errors).toEqual({ modelPriceUsd: [bulkMessages.priceNotPositive] });
    const answer = await bulk({ ...body, preview: 0 });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual(invalid({ 'price.value': [bulkMessages.priceNotPositive] }));
    const zero = await bulk({ ids: [ids.B], price: { mode: 'set', value: 0 }, preview: 0 });
    expect(zero.body).toEqual(invalid({ 'price.value': [bulkMessages.priceNotPositive] }));
    expect(await models()).toEqual(before);
    expect(await entries()).toEqual(auditBefore);
    expect(await bulk({ ids: [ids.B], price: { mode: 'set', value: 25 }, preview: 0 })).toMatchObject({ status: 200 });
    expect(await priceOf(ids.B!)).toBe(2500);
  });

  it('refuses over 1,000 ids, ids with filters, neither, no change and an unknown id: 422, nothing written', async () => {
    const before = await models();
    const price = { mode: 'percent', value: 4 };
    const tooMany = Array.from({ length: BULK_MAX_IDS + 1 }, (_, i) => i + 1);
    const cases: [object, Record<string, string[]>][] = [
      [{ ids: tooMany, price, preview: 0 }, { ids: [bulkMessages.tooManyIds] }],
      [{ ids: [ids.A], filters: { brandId }, price, preview: 0 }, { ids: [bulkMessages.idsProhibited] }],
      [{ price, preview: 0 }, { ids: [bulkMessages.idsRequired] }],
      [{ ids: [ids.A], set: {}, preview: 0 }, { set: [bulkMessages.changeRequired] }],
      [{ ids: [], price, preview: 0 }, { ids: [bulkMessages.noIds] }],
      [{ ids: [ids.A, 2_000_000_000], price, preview: 1 }, { ids: ['The selected model is invalid.'] }],
      [
        { ids: [ids.A], price: { mode: 'double', value: 1.234 }, preview: 0 },
        {
          'price.mode': ['The selected mode is invalid.'],
          'price.value': ['The value may have at most 2 decimals.'],
        },
      ],
    ];
    for (const [body, errors] of cases) {
      const answer = await bulk(body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(answer.body).toEqual(invalid(errors));
    }
    expect(await models()).toEqual(before);
  });

  it('writes the minimum stock it sets, and a price change leaves the status and minimum stock as each model has them', async () => {
    expect(await bulk({ ids: [ids.B], set: { modelMinStock: 4 }, preview: 0 })).toMatchObject({ status: 200 });
    const before = (await models()).find((m) => m.id === ids.B)!;
    expect(Number(before.min_stock)).toBe(4);
    expect(await bulk({ ids: [ids.B], price: { mode: 'amount', value: 1 }, preview: 0 })).toMatchObject({ status: 200 });
    const after = (await models()).find((m) => m.id === ids.B)!;
    expect(after).toMatchObject({ min_stock: before.min_stock, is_active: before.is_active, version: before.version + 1 });
    expect(Number(after.price_cents)).toBe(Number(before.price_cents) + 100);
  });
});
