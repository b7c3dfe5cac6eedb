import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createUser, databaseKinds, login, PASSWORD, seedCatalogue } from '#tests/api/harness.ts';
import { expectLedgerBalanced, quantityOf } from './ledger.ts';
import type { ServerProcess } from './server-process.ts';
import { openSharedDatabase, signIn, type SharedDatabase } from './shared-database.ts';

// docs/design.md §7.5, the proof: three real server processes started at once on one new
// PostgreSQL database behave as one server.
const PROCESSES = 3;
const ADDITIONS = 300;

describe.runIf(databaseKinds.includes('postgres'))('three server processes on one PostgreSQL database', () => {
  let shared: SharedDatabase;
  let servers: ServerProcess[];
  let admin: string;
  let manager: string;

  beforeAll(async () => {
    shared = await openSharedDatabase('postgres');
  }, 120_000);
  afterAll(() => shared?.close());

  it('all come up when started together, and each is healthy and ready', async () => {
    servers = await Promise.all(Array.from({ length: PROCESSES }, () => shared.start()));
    for (const server of servers) {
      for (const path of ['/healthz', '/readyz']) {
        const response = await fetch(`${server.url}${path}`);
        expect(response.status, `${server.url}${path}`).toBe(200);
        expect(await response.json()).toEqual({ status: 'ok' });
      }
    }
    const signedIn = await signIn(shared, servers, 1);
    admin = signedIn.admin;
    manager = signedIn.managers[0]!;
  }, 120_000);

  it('counts failed sign-ins across the processes: 5 spread over three, then 429 on any', async () => {
    await shared.inspect((db) => createUser({ db }, 3, 'guessed-everywhere'));
    for (let i = 0; i < 5; i++) {
      const answer = await call(servers[i % PROCESSES]!, 'auth/login', { username: 'guessed-everywhere', password: `wrong-${i}` });
      expect(answer.status, `guess ${i}`).toBe(401);
    }
    for (const server of servers) {
      const answer = await call(server, 'auth/login', { username: 'guessed-everywhere', password: PASSWORD });
      expect(answer.status).toBe(429);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('a logout on one process is refused at once on the others', async () => {
    await shared.inspect((db) => createUser({ db }, 3, 'leaving-user'));
    const token = await login(servers[0]!, 'leaving-user');
    for (const server of servers) expect((await call(server, 'me', undefined, token)).status).toBe(200);
    expect((await call(servers[0]!, 'auth/logout', undefined, token)).status).toBe(200);
    for (const server of servers.slice(1)) expect((await call(server, 'me', undefined, token)).status).toBe(203);
  });

  it(`${ADDITIONS} concurrent stock additions spread over the three sum exactly`, async () => {
    const { modelId } = await shared.inspect((db) => seedCatalogue({ url: servers[0]!.url, db }, admin, 'Many'));
    const quantities = Array.from({ length: ADDITIONS }, () => 1 + Math.floor(Math.random() * 1_000));
    const answers = await Promise.all(
      quantities.map((modelQuantity, i) => call(servers[i % PROCESSES]!, 'models/add-stock', { id: modelId, modelQuantity }, manager)),
    );
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    await shared.inspect(async (db) => {
      const log = await expectLedgerBalanced(db);
      expect(log.filter((row) => row.modelId === modelId)).toHaveLength(ADDITIONS);
      expect(await quantityOf(db, modelId)).toBe(quantities.reduce((sum, q) => sum + q, 0));
    });
  }, 120_000);

  it('SIGTERM on one exits 0 while the others stay ready and keep answering', async () => {
    expect(await servers[0]!.stop('SIGTERM')).toBe(0);
    for (const server of servers.slice(1)) {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      expect((await call(server, 'me', undefined, admin)).status).toBe(200);
    }
  });
});
