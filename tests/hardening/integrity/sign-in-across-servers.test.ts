import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '#src/domain/two-factor.ts';
import { call, createUser, databaseKinds, login, PASSWORD } from '#tests/api/harness.ts';
import type { ServerProcess } from './server-process.ts';
import { openSharedDatabase, type SharedDatabase } from './shared-database.ts';

// docs/design.md §8.5 with §7.5, the proof: two server processes on one PostgreSQL database. A
// session ended by hand on one is refused by the other on its next call; the second step of a
// sign-in started on one is taken by the other; a code used on one is refused on the other; wrong
// codes on both count together.
describe.runIf(databaseKinds.includes('postgres'))('sign-in across two server processes on one PostgreSQL database', () => {
  let shared: SharedDatabase;
  let one: ServerProcess;
  let other: ServerProcess;

  beforeAll(async () => {
    shared = await openSharedDatabase('postgres');
    [one, other] = await Promise.all([shared.start(), shared.start()]);
  }, 120_000);
  afterAll(() => shared?.close());

  it("a session revoked on one answers 203 on the other's next call; revoke-others likewise", async () => {
    await shared.inspect((db) => createUser({ db }, 3, 'two-servers'));
    const kept = await login(one, 'two-servers');
    const older = await login(other, 'two-servers');
    const newest = await login(other, 'two-servers');
    for (const token of [older, newest]) expect((await call(other, 'me', undefined, token)).status).toBe(200);
    // Newest first: the first session that is not the caller's is `newest`.
    const rows = (await call(one, 'auth/sessions', undefined, kept)).body.sessions as { id: number; current: number }[];
    expect((await call(one, 'auth/sessions/revoke', { id: rows.find((row) => row.current === 0)!.id }, kept)).status).toBe(200);
    expect((await call(other, 'me', undefined, newest)).status).toBe(203);
    expect((await call(other, 'me', undefined, older)).status).toBe(200);
    expect((await call(one, 'auth/sessions/revoke-others', undefined, kept)).status).toBe(200);
    expect((await call(other, 'me', undefined, older)).status).toBe(203);
    expect((await call(other, 'me', undefined, kept)).status).toBe(200);
  });

  it('takes a ticket from either server, refuses a used code on the other, and counts wrong codes across both', async () => {
    await shared.inspect((db) => createUser({ db }, 3, 'two-factor-twice'));
    const token = await login(one, 'two-factor-twice');
    const { secret } = (await call(one, 'auth/2fa/setup', undefined, token)).body as { secret: string };
    expect((await call(other, 'auth/2fa/enable', { code: totpCode(secret, Date.now()) }, token)).status).toBe(200);

    const ticketOn = async (server: ServerProcess) =>
      ((await call(server, 'auth/login', { username: 'two-factor-twice', password: PASSWORD })).body as { mfaTicket: string }).mfaTicket;
    const code = totpCode(secret, Date.now() + 30_000);
    expect((await call(other, 'auth/login-2fa', { mfaTicket: await ticketOn(one), code })).status).toBe(200);
    const ticket = await ticketOn(other);
    expect((await call(one, 'auth/login-2fa', { mfaTicket: ticket, code })).status).toBe(401);

    // The password step and the replay above counted 2; three more wrong codes, spread, fill five.
    const wrong = code === '123456' ? '654321' : '123456';
    for (const server of [one, other, one])
      expect((await call(server, 'auth/login-2fa', { mfaTicket: ticket, code: wrong })).status).toBe(401);
    const held = await call(other, 'auth/login-2fa', { mfaTicket: ticket, code: wrong });
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
