import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '#src/contract/messages.ts';
import { totpCode } from '#src/domain/two-factor.ts';
import { call, createUser, describeEachDatabase, login, PASSWORD, startServer, type TestServer } from './harness.ts';
import { invalid } from './expected.ts';

// docs/design.md §8.5: two-factor sign-in on the server, on both databases.

const STEP_MS = 30_000;
/** The code of the step `ahead` steps from now: after enable has used now's, the next good one is ahead 1. */
const codeAhead = (secret: string, ahead: number) => totpCode(secret, Date.now() + ahead * STEP_MS);

describeEachDatabase('two-factor sign-in', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(() => server.close());

  /** A user of `roleId` with two-factor on: their token, secret and recovery codes. */
  async function userWithTwoFactor(username: string, roleId: 1 | 2 | 3 = 3) {
    await createUser(server, roleId, username);
    const token = await login(server, username);
    const setup = await call(server, 'auth/2fa/setup', {}, token);
    expect(setup.status).toBe(200);
    const { secret } = setup.body as { secret: string };
    const enabled = await call(server, 'auth/2fa/enable', { code: totpCode(secret, Date.now()) }, token);
    expect(enabled.status).toBe(200);
    return { token, secret, recoveryCodes: (enabled.body as { recoveryCodes: string[] }).recoveryCodes };
  }

  const ticketOf = async (username: string) => {
    const answer = await call(server, 'auth/login', { username, password: PASSWORD });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ mfaRequired: 1, mfaTicket: expect.any(String) });
    return (answer.body as { mfaTicket: string }).mfaTicket;
  };

  it("sets up with the issuer's link, keeps the secret sealed, and refuses a wrong code under code", async () => {
    await createUser(server, 3, 'tf-setup');
    const token = await login(server, 'tf-setup');
    const setup = await call(server, 'auth/2fa/setup', {}, token);
    const { secret, otpauthUrl } = setup.body as { secret: string; otpauthUrl: string };
    expect(otpauthUrl).toBe(
      `otpauth://totp/AC%20Back-office:tf-setup?issuer=AC%20Back-office&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    const row = await server.db
      .selectFrom('users')
      .select('two_factor_secret')
      .where('username', '=', 'tf-setup')
      .executeTakeFirstOrThrow();
    expect(row.two_factor_secret).not.toContain(secret);

    expect((await call(server, 'auth/2fa/status', {}, token)).body).toEqual({ twoFactor: 0 });

    const wrong = await call(server, 'auth/2fa/enable', { code: '000000' === codeAhead(secret, 0) ? '111111' : '000000' }, token);
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual(invalid({ code: ['The code is not valid.'] }));
    const enabled = await call(server, 'auth/2fa/enable', { code: codeAhead(secret, 0) }, token);
    expect(enabled.status).toBe(200);
    expect((enabled.body as { recoveryCodes: string[] }).recoveryCodes).toHaveLength(10);
    // The Security screen reads it on or off from auth/2fa/status.
    expect((await call(server, 'auth/2fa/status', {}, token)).body).toEqual({ twoFactor: 1 });
    const hashes = await server.db.selectFrom('recovery_codes').select('code_hash').execute();
    for (const code of (enabled.body as { recoveryCodes: string[] }).recoveryCodes) {
      expect(hashes.map((h) => h.code_hash)).not.toContain(code);
    }
  });

  it('signs in in two steps: no token for the password alone, the token for a code', async () => {
    const { secret } = await userWithTwoFactor('tf-login');
    const ticket = await ticketOf('tf-login');
    const answer = await call(server, 'auth/login-2fa', { mfaTicket: ticket, code: codeAhead(secret, 1) });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ token: expect.any(String) });
    expect((await call(server, 'me', {}, (answer.body as { token: string }).token)).status).toBe(200);
    // A ticket that succeeded is spent.
    expect((await call(server, 'auth/login-2fa', { mfaTicket: ticket, code: codeAhead(secret, 1) })).status).toBe(401);
  });

  it('refuses a code used once, on the next try with the same ticket, which stays good', async () => {
    const { secret } = await userWithTwoFactor('tf-replay');
    const code = codeAhead(secret, 1);
    expect((await call(server, 'auth/login-2fa', { mfaTicket: await ticketOf('tf-replay'), code })).status).toBe(200);
    const ticket = await ticketOf('tf-replay');
    const replay = await call(server, 'auth/login-2fa', { mfaTicket: ticket, code });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual(messages.badCredentials);
    // The enable's own code is spent too.
    expect((await call(server, 'auth/login-2fa', { mfaTicket: ticket, code: codeAhead(secret, 0) })).status).toBe(401);
  });

  it('takes each recovery code once', async () => {
    const { recoveryCodes } = await userWithTwoFactor('tf-recovery');
    const [first, second] = recoveryCodes as [string, string];
    expect((await call(server, 'auth/login-2fa', { mfaTicket: await ticketOf('tf-recovery'), code: first.toUpperCase() })).status).toBe(
      200,
    );
    const ticket = await ticketOf('tf-recovery');
    expect((await call(server, 'auth/login-2fa', { mfaTicket: ticket, code: first })).status).toBe(401);
    expect((await call(server, 'auth/login-2fa', { mfaTicket: ticket, code: second })).status).toBe(200);
  });

  it('counts wrong codes as failed sign-ins: after five, 429 with Retry-After, even for a right code', async () => {
    const { secret } = await userWithTwoFactor('tf-throttle');
    const ticket = await ticketOf('tf-throttle');
    const right = codeAhead(secret, 1);
    const wrong = right === '123456' ? '654321' : '123456';
    // The password step counted once: four wrong codes fill the minute's five.
    for (let i = 0; i < 4; i++) expect((await call(server, 'auth/login-2fa', { mfaTicket: ticket, code: wrong })).status).toBe(401);
    const held = await call(server, 'auth/login-2fa', { mfaTicket: ticket, code: right });
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await call(server, 'auth/login', { username: 'tf-throttle', password: PASSWORD })).status).toBe(429);
  });

  it('answers 401 for an unknown ticket, and 422 without a code', async () => {
    expect((await call(server, 'auth/login-2fa', { mfaTicket: 'nope', code: '123456' })).body).toEqual(messages.signInExpired);
    const missing = await call(server, 'auth/login-2fa', { mfaTicket: 'nope' });
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual(invalid({ code: ['Please enter the code.'] }));
  });

  it('turns off with the password and a code, and sign-in is one step again', async () => {
    const { token, secret } = await userWithTwoFactor('tf-disable');
    const wrongPassword = await call(server, 'auth/2fa/disable', { password: 'not-it-at-all', code: codeAhead(secret, 1) }, token);
    expect(wrongPassword.body).toEqual(invalid({ password: ['The password is incorrect.'] }));
    const wrongCode = await call(server, 'auth/2fa/disable', { password: PASSWORD, code: '12345' }, token);
    expect(wrongCode.body).toEqual(invalid({ code: ['The code is not valid.'] }));
    expect((await call(server, 'auth/2fa/disable', { password: PASSWORD, code: codeAhead(secret, 1) }, token)).status).toBe(200);
    expect((await call(server, 'auth/login', { username: 'tf-disable', password: PASSWORD })).body).toEqual({ token: expect.any(String) });
    const actions = await server.db.selectFrom('audit_log').select('action').where('entity_name', '=', 'Name of tf-disable').execute();
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['auth.2fa-enable', 'auth.2fa-disable']));
  });
});
