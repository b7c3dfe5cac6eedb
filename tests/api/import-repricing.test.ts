import { afterAll, beforeAll, expect, it } from 'vitest';
import { csvBytes, importForm } from '#tests/support/import-files.ts';
import { call, describeEachDatabase, seedCatalogue, signInEachRole, startServer, type TestServer } from './harness.ts';
import { ok } from './expected.ts';

// docs/design.md §8.9: a repricing import locks and writes its models a chunk per statement
// (server/repositories/import-updates.ts). 1,200 models: more than one chunk of 1,000. Each model
// gets exactly the file's columns, its version once more and its one audit entry, on each database.

const COUNT = 1_200;
const name = (at: number) => `Rep ${String(at).padStart(4, '0')}`;
const rows = (cells: (at: number) => string[]) =>
  Array.from({ length: COUNT }, (_, at) => ['Rep Brand', 'Rep Series', name(at), ...cells(at)]);

describeEachDatabase('models/import, repricing in chunks', (kind) => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startServer(kind);
    ({ admin } = await signInEachRole(server));
    await seedCatalogue(server, admin, 'Rep');
    const created = await call(
      server,
      'models/import',
      importForm(csvBytes([['Brand', 'Series', 'Model', 'Capacity-KW', 'Price USD'], ...rows(() => ['2.5', '100'])])),
      admin,
    );
    expect(ok('models/import', created).responseMessage).toBe(`${COUNT} models created, 0 updated.`);
    // A quantity and a minimum stock the file must not touch.
    await server.db.updateTable('models').set({ quantity: 7, min_stock: 3 }).where('name', 'like', 'Rep %').execute();
  });
  afterAll(() => server.close());

  const apply = (bytes: Uint8Array) => call(server, 'models/import', importForm(bytes), admin);
  const models = async () =>
    (
      await server.db
        .selectFrom('models')
        .select(['id', 'series_id', 'name', 'capacity_milli_kw', 'price_cents', 'quantity', 'min_stock', 'is_active', 'version'])
        .where('name', 'like', 'Rep %')
        .where('name', '<>', 'Rep Model')
        .orderBy('name')
        .execute()
    ).map((row) => ({
      ...row,
      capacity_milli_kw: row.capacity_milli_kw === null ? null : Number(row.capacity_milli_kw),
      price_cents: Number(row.price_cents),
      quantity: Number(row.quantity),
      min_stock: Number(row.min_stock),
      version: Number(row.version),
    }));
  const importEntries = async (after: number) =>
    (
      await server.db
        .selectFrom('audit_log')
        .select(['entity_id', 'entity_name', 'changes'])
        .where('action', '=', 'model.import')
        .where('id', '>', after)
        .execute()
    ).map((entry) => ({ entityId: Number(entry.entity_id), name: entry.entity_name, changes: JSON.parse(entry.changes) as unknown }));
  const lastEntryId = async () =>
    Number(
      (
        await server.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirstOrThrow()
      ).id,
    );

  it('writes only the price when the file has only the price, each version once more, one audit entry each', async () => {
    const before = await models();
    const since = await lastEntryId();
    // Prices from 100.01 to 112.00 USD: every model changes.
    const answer = await apply(csvBytes([['Brand', 'Series', 'Model', 'Price USD'], ...rows((at) => [((10_001 + at) / 100).toFixed(2)])]));
    expect(ok('models/import', answer).responseMessage).toBe(`0 models created, ${COUNT} updated.`);
    expect(await models()).toEqual(before.map((model, at) => ({ ...model, price_cents: 10_001 + at, version: model.version + 1 })));
    const entries = await importEntries(since);
    expect(entries.sort((a, b) => a.entityId - b.entityId)).toEqual(
      before
        .map((model, at) => ({ entityId: model.id, name: model.name, changes: { modelPriceUsd: [100, (10_001 + at) / 100] } }))
        .sort((a, b) => a.entityId - b.entityId),
    );
  });

  it('writes the capacity (a blank one as none) when the file has its column, the minimum stock only where filled', async () => {
    const before = await models();
    const since = await lastEntryId();
    const capacity = (at: number) => (at % 2 === 0 ? '' : '4.25');
    const minStock = (at: number) => (at % 3 === 0 ? '9' : '');
    const answer = await apply(
      csvBytes([
        ['Brand', 'Series', 'Model', 'Capacity-KW', 'Price USD', 'Minimum Stock'],
        ...rows((at) => [capacity(at), '50', minStock(at)]),
      ]),
    );
    expect(ok('models/import', answer).responseMessage).toBe(`0 models created, ${COUNT} updated.`);
    expect(await models()).toEqual(
      before.map((model, at) => ({
        ...model,
        capacity_milli_kw: at % 2 === 0 ? null : 4_250,
        price_cents: 5_000,
        min_stock: at % 3 === 0 ? 9 : 3,
        version: model.version + 1,
      })),
    );
    const entries = await importEntries(since);
    expect(entries).toHaveLength(COUNT);
    expect(new Set(entries.map((entry) => entry.entityId))).toEqual(new Set(before.map((model) => model.id)));
    const first = entries.find((entry) => entry.entityId === before[0]!.id);
    expect(first?.changes).toEqual({ modelCapacityKW: [2.5, null], modelPriceUsd: [100.01, 50], modelMinStock: [3, 9] });
  });
});
