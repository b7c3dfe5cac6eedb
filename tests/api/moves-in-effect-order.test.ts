import { afterAll, beforeAll, expect, it } from 'vitest';
import { QUANTITY_ADDED, signedQuantity } from '#src/domain/stock.ts';
import { addStock, removeStock } from '#server/repositories/stock.ts';
import { ok } from './expected.ts';
import { call, describeEachDatabase, seedCatalogue, signInEachRole, startServer, type TestServer } from './harness.ts';

// docs/design.md §8.9: Model Logs, the dashboard's recent moves and the audit log list moves in the
// order they took effect, so replaying a log never shows the stock below 0. A move's time is when
// its request arrived, before it waited for the model's row; the probe listed by that time and,
// replayed as shown, a stock dropped to −13.

type Move = { quantity: number; quantityType: number };

/** The lowest stock a replay from `start` passes through, and where it ends. */
function replay(moves: readonly Move[], start = 0) {
  let stock = start;
  let lowest = start;
  for (const move of moves) lowest = Math.min(lowest, (stock += signedQuantity(move)));
  return { lowest, end: stock };
}

describeEachDatabase('moves listed in the order they took effect', (kind) => {
  let server: TestServer;
  let admin: string;
  let manager: string;
  let actor: { id: number; name: string };
  let seriesId: number;

  beforeAll(async () => {
    server = await startServer(kind);
    let ids: { admin: number };
    ({ admin, manager, ids } = await signInEachRole(server));
    ({ seriesId } = await seedCatalogue(server, admin, 'Order'));
    const user = await server.db.selectFrom('users').select('name').where('id', '=', ids.admin).executeTakeFirstOrThrow();
    actor = { id: ids.admin, name: user.name };
  });
  afterAll(() => server.close());

  async function newModel(modelName: string): Promise<number> {
    ok('models/add-model', await call(server, 'models/add-model', { modelName, modelPriceUsd: 10, modelSeriesId: seriesId }, admin));
    return (await server.db.selectFrom('models').select('id').where('name', '=', modelName).executeTakeFirstOrThrow()).id;
  }
  const quantityOf = async (id: number) =>
    Number((await server.db.selectFrom('models').select('quantity').where('id', '=', id).executeTakeFirstOrThrow()).quantity);
  /** The model's whole log as Model Logs lists it, newest first. */
  const listed = async (modelId: number) =>
    ok('models/model-logs', await call(server, 'models/model-logs', { filters: { modelId }, page: 1, per_page: 100_000 }, manager))
      .tableData.data;

  it('an addition that arrived later but took effect first is listed before the removal it made possible', async () => {
    const modelId = await newModel('Order Model Held');
    // A move's time is taken when its call arrives, before it waits for a connection and for the
    // model's row. So a removal that arrived at :01, when the stock was 0, and waited, then took
    // the 5 an addition that arrived at :02 had put in first, carries the earlier time.
    expect(await addStock(server.db, { modelId, quantity: 5, by: actor }, new Date('2026-03-01T10:00:02.000Z'))).toBe(true);
    expect(await removeStock(server.db, { modelId, quantity: 5, by: actor }, new Date('2026-03-01T10:00:01.000Z'))).toEqual({ ok: true });

    const rows = await listed(modelId);
    // The finding: by the time each request arrived, the removal comes first and the stock dips to −5.
    const byArrival = [...rows].sort((a, b) => a.created_at.localeCompare(b.created_at));
    expect(replay(byArrival).lowest).toBe(-5);
    // As listed (newest first, so replayed from the end): the addition, then the removal.
    expect(rows.map((row) => row.quantityType)).toEqual([2, QUANTITY_ADDED]);
    expect(replay([...rows].reverse())).toEqual({ lowest: 0, end: await quantityOf(modelId) });

    // The dashboard's recent moves and the audit log list them the same way.
    const dashboard = ok('dashboard', await call(server, 'dashboard', {}, manager)).dashboard;
    const recent = dashboard.recentMoves!.filter((move) => move.modelId === modelId);
    expect(recent.map((move) => move.id)).toEqual(rows.map((row) => row.id));
    const audit = ok(
      'audit',
      await call(server, 'audit', { filters: { entityType: 'model', entityId: modelId }, page: 1, per_page: 100 }, admin),
    ).tableData.data;
    const stockEntries = audit.filter((entry) => entry.action.startsWith('stock.'));
    expect(stockEntries.map((entry) => [entry.action, entry.changes.modelQuantity])).toEqual([
      ['stock.remove', [5, 0]],
      ['stock.add', [0, 5]],
    ]);
  });

  it('replayed as Model Logs lists them, 200 concurrent moves never take the stock below 0 and end at its quantity', async () => {
    const modelId = await newModel('Order Model Raced');
    const CLIENTS = 20;
    const CALLS = 200;
    const answers: number[] = [];
    const client = async (c: number) => {
      for (let i = c; i < CALLS; i += CLIENTS) {
        // Removals outweigh additions, so the stock keeps running out and removals wait on additions.
        const path = i % 5 < 3 ? 'models/remove-stock' : 'models/add-stock';
        answers.push((await call(server, path, { id: modelId, modelQuantity: 1 + (i % 4) }, manager)).status);
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
    expect(answers.every((status) => status === 200 || status === 422)).toBe(true);

    const rows = await listed(modelId);
    expect(rows.length).toBe(answers.filter((status) => status === 200).length);
    expect(replay([...rows].reverse())).toMatchObject({ lowest: expect.any(Number), end: await quantityOf(modelId) });
    expect(replay([...rows].reverse()).lowest).toBeGreaterThanOrEqual(0);
  });
});
