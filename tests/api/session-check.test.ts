import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createUser, databaseKinds, login, startServer, type TestServer } from './harness.ts';

// docs/design.md §7.5: the session check of every call is one round trip, a named statement on
// PostgreSQL. Counted at the driver: every query any pg client of this process sends.
const isLiveLogRead = (config: unknown) => {
  const text = typeof config === 'string' ? config : (config as { text?: string }).text;
  // The writes since its cursor, or, with no stream open, only the newest entry's id.
  return /^select .*"write_id" from "audit_log"|^select max\("id"\) as "id" from "audit_log"/.test(text ?? '');
};

describe.runIf(databaseKinds.includes('postgres'))('the session check on PostgreSQL', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startServer('postgres');
    await createUser(server, 3, 'checked-user');
    token = await login(server, 'checked-user');
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(() => server.close());

  it('is one named statement per call, whoever asks and whatever the answer', async () => {
    const sent: unknown[] = [];
    const query = pg.Client.prototype.query;
    vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      // The live updates' delivery reads the log after each write (here, the sign-in's) whenever it
      // is woken: not a statement of these calls.
      if (!isLiveLogRead(args[0])) sent.push(args[0]);
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as never);

    for (let i = 0; i < 5; i++) expect((await call(server, 'me', undefined, token)).status).toBe(200);
    expect((await call(server, 'me', undefined, 'not-a-token')).status).toBe(203);

    expect(sent).toHaveLength(6);
    const names = new Set(sent.map((config) => (config as { name?: string }).name));
    expect(names.size).toBe(1);
    expect([...names][0]).toMatch(/^rows_/);
    expect((sent[0] as { text: string }).text).toMatch(/from "sessions" inner join "users"/);
  });
});
