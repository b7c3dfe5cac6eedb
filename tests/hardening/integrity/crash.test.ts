import { sql } from 'kysely';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseKind, Db } from '#server/db/connect.ts';
import { QUANTITY_ADDED, QUANTITY_REMOVED } from '#src/domain/stock.ts';
import { call, describeEachDatabase, seedCatalogue } from '#tests/api/harness.ts';
import { expectLedgerBalanced } from './ledger.ts';
import { openSharedDatabase, signIn, sized, soakTimeout, type SharedDatabase } from './shared-database.ts';

const ROUNDS = sized(20, 200);
const CLIENTS = 8;
const MODELS = 3;

/** Every fourth attempt removes stock (docs/design.md §7.3), the others add. */
const isRemoval = (quantity: number) => quantity % 4 === 0;

/** What each attempt asked for: its model and which way. */
type Attempt = { modelId: number; quantityType: number };

/**
 * What a restarted server must find, whatever moment the last one died at: a sound database,
 * the log in balance with every quantity, every acknowledged move, no refused removal, and
 * nothing that was never sent. Each attempt sends a quantity no other attempt uses, so a log row
 * names its call.
 */
async function expectSurvived(db: Db, kind: DatabaseKind, attempted: Map<number, Attempt>, acknowledged: number[], refused: number[]) {
  if (kind === 'sqlite')
    expect((await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(db)).rows).toEqual([{ integrity_check: 'ok' }]);
  const log = await expectLedgerBalanced(db);
  const logged = new Set(log.map((row) => row.quantity));
  expect(logged.size, 'an attempt logged twice').toBe(log.length);
  expect(
    log.filter((row) => {
      const attempt = attempted.get(row.quantity);
      return attempt?.modelId !== row.modelId || attempt.quantityType !== row.quantityType;
    }),
    'rows no call asked for',
  ).toEqual([]);
  expect(
    acknowledged.filter((quantity) => !logged.has(quantity)),
    'acknowledged moves lost',
  ).toEqual([]);
  expect(
    refused.filter((quantity) => logged.has(quantity)),
    'refused removals logged',
  ).toEqual([]);
  // No stock below 0, whatever was cut off.
  const quantities = await db.selectFrom('models').select('quantity').execute();
  expect(quantities.filter((row) => Number(row.quantity) < 0)).toEqual([]);
  // docs/design.md §7.2: each move and its audit entry are one transaction, so they survive together:
  // every logged (so every acknowledged) move has its entry, and no entry lacks its move.
  const entries = await db
    .selectFrom('audit_log')
    .select(['action', 'entity_id', 'changes'])
    .where('action', 'in', ['stock.add', 'stock.remove'])
    .execute();
  const audited = entries.map((entry) => {
    const [before, after] = (JSON.parse(entry.changes) as { modelQuantity: [number, number] }).modelQuantity;
    return `${entry.action === 'stock.remove' ? QUANTITY_REMOVED : QUANTITY_ADDED}:${entry.entity_id}:${Math.abs(after - before)}`;
  });
  const moves = log.map((row) => `${row.quantityType}:${row.modelId}:${row.quantity}`);
  expect(audited.sort(), 'audit entries and stock moves, one to one').toEqual(moves.sort());
}

describeEachDatabase('add-stock and remove-stock under SIGKILL', (kind) => {
  let shared: SharedDatabase;
  let tokens: string[];
  const modelIds: number[] = [];

  beforeAll(async () => {
    shared = await openSharedDatabase(kind);
    const first = await shared.start();
    const signedIn = await signIn(shared, [first], 2);
    tokens = signedIn.managers;
    for (let m = 1; m <= MODELS; m++) {
      modelIds.push((await shared.inspect((db) => seedCatalogue({ url: first.url, db }, signedIn.admin, `Crash ${m}`))).modelId);
    }
    await first.stop();
  });
  afterAll(() => shared?.close());

  it(
    `loses no acknowledged addition or removal, nor its audit entry, over ${ROUNDS} kills at random moments`,
    async () => {
      const attempted = new Map<number, Attempt>();
      const acknowledged: number[] = [];
      const refused: number[] = [];
      const otherStatuses: number[] = [];
      let lastQuantity = 0;

      for (let round = 0; ; round++) {
        const server = await shared.start();
        await shared.inspect((db) => expectSurvived(db, kind, attempted, acknowledged, refused));
        if (round === ROUNDS) {
          await server.stop();
          break;
        }
        // Each client sends one call after another until the server dies under it; a call in flight
        // at that moment has an unknown outcome and may or may not be in the log.
        const client = async (c: number) => {
          for (;;) {
            const quantity = ++lastQuantity;
            const modelId = modelIds[quantity % MODELS]!;
            const removal = isRemoval(quantity);
            attempted.set(quantity, { modelId, quantityType: removal ? QUANTITY_REMOVED : QUANTITY_ADDED });
            try {
              const path = removal ? 'models/remove-stock' : 'models/add-stock';
              const answer = await call(server, path, { id: modelId, modelQuantity: quantity }, tokens[c % tokens.length]);
              if (answer.status === 200) acknowledged.push(quantity);
              // A removal larger than the stock is refused and must leave no trace.
              else if (removal && answer.status === 422) refused.push(quantity);
              else otherStatuses.push(answer.status);
            } catch {
              return;
            }
          }
        };
        const clients = Array.from({ length: CLIENTS }, (_, c) => client(c));
        await sleep(50 + Math.random() * 400);
        await server.stop('SIGKILL');
        await Promise.all(clients);
      }

      expect(otherStatuses).toEqual([]);
      // Not a vacuous pass: the rounds did write, and some calls were cut off in flight.
      expect(acknowledged.length).toBeGreaterThan(ROUNDS);
      expect(acknowledged.filter(isRemoval).length, 'acknowledged removals').toBeGreaterThan(0);
      expect(attempted.size).toBeGreaterThan(acknowledged.length);
    },
    soakTimeout,
  );
});
