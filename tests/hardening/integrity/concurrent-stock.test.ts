import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, describeEachDatabase, seedCatalogue } from '#tests/api/harness.ts';
import { expectLedgerBalanced, quantityOf } from './ledger.ts';
import type { ServerProcess } from './server-process.ts';
import { openSharedDatabase, signIn, sized, soakTimeout, type SharedDatabase } from './shared-database.ts';

const CLIENTS = 50;
const CALLS = sized(1_000, 20_000);

describeEachDatabase('concurrent add-stock on two server processes', (kind) => {
  let shared: SharedDatabase;
  let servers: ServerProcess[];
  let tokens: string[];
  let modelId: number;

  beforeAll(async () => {
    shared = await openSharedDatabase(kind);
    // One after the other: the first migrates the empty database, the second finds it migrated.
    servers = [await shared.start()];
    servers.push(await shared.start());
    const signedIn = await signIn(shared, servers, 2);
    tokens = signedIn.managers;
    ({ modelId } = await shared.inspect((db) => seedCatalogue({ url: servers[0]!.url, db }, signedIn.admin, 'Load')));
    expect((await call(servers[1]!, 'models/add-stock', { id: modelId, modelQuantity: 10 }, tokens[0])).status).toBe(200);
  });
  afterAll(() => shared?.close());

  it(
    `adds exactly: ${CALLS} calls from ${CLIENTS} clients, random quantities, every one 200, one log row each`,
    async () => {
      const { start, logRowsBefore } = await shared.inspect(async (db) => ({
        start: await quantityOf(db, modelId),
        logRowsBefore: (await expectLedgerBalanced(db)).length,
      }));

      const quantities = Array.from({ length: CALLS }, () => 1 + Math.floor(Math.random() * 1_000));
      const statuses = new Map<number, number>();
      // Each client sends its share one call at a time, alternating between the two processes.
      const client = async (c: number) => {
        for (let i = c; i < CALLS; i += CLIENTS) {
          const answer = await call(
            servers[(c + i) % 2]!,
            'models/add-stock',
            { id: modelId, modelQuantity: quantities[i] },
            tokens[c % tokens.length],
          );
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        }
      };
      await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
      expect(Object.fromEntries(statuses)).toEqual({ 200: CALLS });

      await shared.inspect(async (db) => {
        const sum = quantities.reduce((a, b) => a + b, 0);
        expect(await quantityOf(db, modelId)).toBe(start + sum);
        const fresh = (await expectLedgerBalanced(db)).slice(logRowsBefore);
        expect(fresh).toHaveLength(CALLS);
        expect(fresh.every((row) => row.modelId === modelId && row.quantityType === 1)).toBe(true);
        const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
        expect(sorted(fresh.map((row) => row.quantity))).toEqual(sorted(quantities));
      });
    },
    soakTimeout,
  );
});
