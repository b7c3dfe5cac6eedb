import { afterAll, beforeAll, expect, it } from 'vitest';
import { databaseLoginThrottle } from '#server/repositories/login-attempts.ts';
import type { LoginThrottle } from '#src/domain/login-throttle.ts';
import { describeEachDatabase, startServer, type TestServer } from './harness.ts';

describeEachDatabase('the login throttle kept in the database', (kind) => {
  let server: TestServer;
  let throttle: LoginThrottle;
  const keys = async () => (await server.db.selectFrom('login_attempts').select('key').orderBy('key').execute()).map((row) => row.key);

  beforeAll(async () => {
    server = await startServer(kind);
    throttle = databaseLoginThrottle(server.db);
  });
  afterAll(() => server.close());

  it('lets 5 attempts a minute go on, then answers the seconds left; a new minute counts afresh', async () => {
    const t0 = 1_000_000_000;
    for (let i = 0; i < 5; i++) expect(await throttle.attempt('alice|10.0.0.1', t0 + i * 1000)).toBe(0);
    expect(await throttle.attempt('alice|10.0.0.1', t0 + 5000)).toBe(55);
    expect(await throttle.attempt('alice|10.0.0.1', t0 + 59_001)).toBe(1);
    expect(await throttle.attempt('alice|10.0.0.1', t0 + 60_000)).toBe(0);
    const [row] = await server.db.selectFrom('login_attempts').selectAll().where('key', '=', 'alice|10.0.0.1').execute();
    expect(row).toEqual({ key: 'alice|10.0.0.1', attempts: 1, window_start_ms: t0 + 60_000 });
    await throttle.clear('alice|10.0.0.1');
    expect(await keys()).not.toContain('alice|10.0.0.1');
  });

  it('counts attempts made at once exactly: one statement each, no read-then-write', async () => {
    const now = 2_000_000_000;
    const waits = await Promise.all(Array.from({ length: 30 }, () => throttle.attempt('parallel|10.0.0.1', now)));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(5);
    expect(waits.filter((wait) => wait === 60)).toHaveLength(25);
    const row = await server.db.selectFrom('login_attempts').select('attempts').where('key', '=', 'parallel|10.0.0.1').executeTakeFirst();
    expect(row?.attempts).toBe(30);
  });

  it('deletes the counts whose minute is over when a new count begins', async () => {
    const t0 = 3_000_000_000;
    await throttle.attempt('old|10.0.0.1', t0);
    await throttle.attempt('recent|10.0.0.1', t0 + 30_000);
    expect(await keys()).toEqual(expect.arrayContaining(['old|10.0.0.1', 'recent|10.0.0.1']));
    await throttle.attempt('new|10.0.0.1', t0 + 60_000);
    expect(await keys()).toEqual(['new|10.0.0.1', 'recent|10.0.0.1']);
  });
});
