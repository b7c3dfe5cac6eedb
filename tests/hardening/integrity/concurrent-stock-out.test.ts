import { afterAll, beforeAll, expect, it } from 'vitest';
import { fieldMessages } from '#src/contract/field-messages.ts';
import { QUANTITY_ADDED, QUANTITY_REMOVED, signedQuantity } from '#src/domain/stock.ts';
import { call, describeEachDatabase, seedCatalogue } from '#tests/api/harness.ts';
import { expectLedgerBalanced, quantityOf } from './ledger.ts';
import type { ServerProcess } from './server-process.ts';
import { openSharedDatabase, signIn, sized, soakTimeout, type SharedDatabase } from './shared-database.ts';

// docs/design.md §7.3: no number of concurrent removals takes a stock below 0, and §5's invariant
// holds. Removals outweigh additions, so the stock runs out part-way and removals are refused
// while others still race to take what is left.

const CLIENTS = 50;
const CALLS = sized(1_000, 20_000);
const START = 1_000;

type Move = { path: 'models/add-stock' | 'models/remove-stock'; quantity: number };

describeEachDatabase('concurrent remove-stock and add-stock on two server processes', (kind) => {
  let shared: SharedDatabase;
  let servers: ServerProcess[];
  let tokens: string[];
  let modelId: number;

  beforeAll(async () => {
    shared = await openSharedDatabase(kind);
    servers = [await shared.start()];
    servers.push(await shared.start());
    const signedIn = await signIn(shared, servers, 2);
    tokens = signedIn.managers;
    ({ modelId } = await shared.inspect((db) => seedCatalogue({ url: servers[0]!.url, db }, signedIn.admin, 'Out')));
    expect((await call(servers[1]!, 'models/add-stock', { id: modelId, modelQuantity: START }, tokens[0])).status).toBe(200);
  });
  afterAll(() => shared?.close());

  it(
    `never goes below 0: ${CALLS} mixed calls from ${CLIENTS} clients, every 200 logged once, every refusal naming the stock`,
    async () => {
      const logRowsBefore = await shared.inspect(async (db) => (await expectLedgerBalanced(db)).length);
      const moves: Move[] = Array.from({ length: CALLS }, () =>
        Math.random() < 0.6
          ? { path: 'models/remove-stock', quantity: 1 + Math.floor(Math.random() * 20) }
          : { path: 'models/add-stock', quantity: 1 + Math.floor(Math.random() * 10) },
      );
      const accepted: Move[] = [];
      const refusals: unknown[] = [];
      const client = async (c: number) => {
        for (let i = c; i < CALLS; i += CLIENTS) {
          const move = moves[i]!;
          const answer = await call(
            servers[(c + i) % 2]!,
            move.path,
            { id: modelId, modelQuantity: move.quantity },
            tokens[c % tokens.length],
          );
          if (answer.status === 200) accepted.push(move);
          else refusals.push({ move, status: answer.status, body: answer.body });
        }
      };
      await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));

      // Only removals are refused, each 422 under modelQuantity with a stock in 0..its quantity − 1.
      const stockPattern = new RegExp(`^${fieldMessages.notEnoughStock(0).replace('(0).', '\\((\\d+)\\)\\.')}$`);
      for (const refusal of refusals as { move: Move; status: number; body: { errors: Record<string, string[]> } }[]) {
        expect(refusal.status, JSON.stringify(refusal)).toBe(422);
        expect(refusal.move.path).toBe('models/remove-stock');
        const [message] = refusal.body.errors.modelQuantity!;
        const stock = Number(stockPattern.exec(message!)?.[1]);
        expect(stock, message).toBeLessThan(refusal.move.quantity);
      }
      // The mix did what it is for: both outcomes happened.
      expect(refusals.length).toBeGreaterThan(0);
      expect(accepted.some((move) => move.path === 'models/remove-stock')).toBe(true);

      await shared.inspect(async (db) => {
        const fresh = (await expectLedgerBalanced(db)).slice(logRowsBefore);
        const key = (path: Move['path']) => (path === 'models/add-stock' ? QUANTITY_ADDED : QUANTITY_REMOVED);
        const sorted = (rows: { type: number; quantity: number }[]) => rows.map((row) => `${row.type}:${row.quantity}`).sort();
        // Every 200 is one log row, and nothing else is.
        expect(sorted(fresh.map((row) => ({ type: row.quantityType, quantity: row.quantity })))).toEqual(
          sorted(accepted.map((move) => ({ type: key(move.path), quantity: move.quantity }))),
        );
        // Replayed as Model Logs lists them (newest first, so from the end), the order they took
        // effect in (docs/design.md §8.9), the running stock never dips below 0 and ends at the quantity.
        const listed = await call(servers[0]!, 'models/model-logs', { filters: { modelId }, page: 1, per_page: 1_000_000 }, tokens[0]);
        expect(listed.status).toBe(200);
        const rows = (listed.body as { tableData: { data: { quantity: number; quantityType: number }[] } }).tableData.data;
        let running = 0;
        for (const row of [...rows].reverse()) {
          running += signedQuantity(row);
          expect(running).toBeGreaterThanOrEqual(0);
        }
        expect(rows).toHaveLength(fresh.length + 1);
        expect(await quantityOf(db, modelId)).toBe(running);
      });
    },
    soakTimeout,
  );
});
