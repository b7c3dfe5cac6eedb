import { sql } from 'kysely';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseKind, Db } from '#server/db/connect.ts';
import { call, describeEachDatabase, seedCatalogue } from '#tests/api/harness.ts';
import { expectLedgerBalanced } from './ledger.ts';
import { alive, type ServerProcess } from './server-process.ts';
import { openSharedDatabase, signIn, type SharedDatabase } from './shared-database.ts';

const CLIENTS = 6;
const TERMINATE_EVERY_MS = 350;
const TERMINATING_MS = 4_000;

/**
 * What the database does to the server's connections meanwhile: PostgreSQL ends them all
 * (answering how many); SQLite has no connection to end, so another process holds its write lock
 * for most of each period instead, which must cost waiting, never an error.
 */
async function disrupt(kind: DatabaseKind, db: Db): Promise<number> {
  if (kind === 'sqlite') {
    await sql`BEGIN IMMEDIATE`.execute(db);
    await sleep(TERMINATE_EVERY_MS - 50);
    await sql`COMMIT`.execute(db);
    return 1;
  }
  const { rows } = await sql<{ ended: number }>`
    SELECT count(pg_terminate_backend(pid))::int AS ended FROM pg_stat_activity
    WHERE datname = current_database() AND pid <> pg_backend_pid()`.execute(db);
  return rows[0]!.ended;
}

describeEachDatabase('the database ending or locking the server’s connections under load', (kind) => {
  let shared: SharedDatabase;
  let server: ServerProcess;
  let tokens: string[];
  let modelId: number;

  beforeAll(async () => {
    shared = await openSharedDatabase(kind);
    server = await shared.start();
    const signedIn = await signIn(shared, [server], CLIENTS);
    tokens = signedIn.managers;
    ({ modelId } = await shared.inspect((db) => seedCatalogue({ url: server.url, db }, signedIn.admin, 'Ended')));
  });
  afterAll(() => shared?.close());

  it('costs at most the calls on an ended connection: the process stays up, later calls succeed, the ledger balances', async () => {
    let terminating = true;
    const statuses = new Map<number, number>();
    const client = async (c: number) => {
      while (terminating) {
        const answer = await call(server, 'models/add-stock', { id: modelId, modelQuantity: 1 + c }, tokens[c]);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      }
    };
    // From a connection of the test's own: on PostgreSQL every other connection to this database is the server's.
    const terminator = shared.inspect(async (db) => {
      let ended = 0;
      for (const stop = Date.now() + TERMINATING_MS; Date.now() < stop; await sleep(TERMINATE_EVERY_MS)) {
        ended += await disrupt(kind, db);
      }
      terminating = false;
      return ended;
    });
    const [ended] = await Promise.all([terminator, ...Array.from({ length: CLIENTS }, (_, c) => client(c))]);

    expect(ended, 'connections ended or locks taken').toBeGreaterThan(0);
    expect(alive(server.pid), 'the server process is up').toBe(true);
    // A call on an ended connection is a 500; nothing else may go wrong, and a lock only waits.
    const allowed = kind === 'postgres' ? [200, 500] : [200];
    expect([...statuses.keys()].filter((status) => !allowed.includes(status))).toEqual([]);
    expect(statuses.get(200), 'calls answered meanwhile').toBeGreaterThan(0);
    for (let c = 0; c < CLIENTS; c++) {
      expect((await call(server, 'models/add-stock', { id: modelId, modelQuantity: 1 }, tokens[c])).status).toBe(200);
    }
    await shared.inspect(async (db) => {
      const log = await expectLedgerBalanced(db);
      expect(log.length, 'every 200 is in the log').toBeGreaterThanOrEqual((statuses.get(200) ?? 0) + CLIENTS);
    });
  });
});
