import { afterAll, beforeAll, expect, it } from 'vitest';
import { readConfig } from '#server/config.ts';
import { messages } from '#src/contract/messages.ts';
import { call, createUser, describeEachDatabase, login, startServer, type TestServer } from './harness.ts';
import { invalid, ok } from './expected.ts';
import { softwareAuthenticator, type Bend } from './software-authenticator.ts';

// docs/design.md §8.5: passkeys on the server, on both databases, with real ceremonies signed by a
// software authenticator and checked by @simplewebauthn/server.

const PUBLIC_URL = 'https://prices.example.com:8443';
const ORIGIN = 'https://prices.example.com:8443';
const RP_ID = 'prices.example.com';
const notValid = invalid({ response: ['The passkey could not be checked. Please try again.'] });

describeEachDatabase('passkeys', (kind) => {
  let server: TestServer;
  let other: TestServer;
  beforeAll(async () => {
    const business = { ...readConfig({}).business, publicUrl: PUBLIC_URL };
    server = await startServer(kind, { business });
    // A second server on the same database: a ceremony begun on one is finished on the other.
    other = await startServer(kind, { business, databaseUrl: server.databaseUrl });
  });
  afterAll(async () => {
    await other.close();
    await server.close();
  });

  /** A signed-in user with a software authenticator; `register` runs the whole ceremony. */
  async function userWithAuthenticator(username: string) {
    const userId = await createUser(server, 3, username);
    const token = await login(server, username);
    const authenticator = softwareAuthenticator(ORIGIN, RP_ID);
    const register = async (bend: Bend = {}, name = 'Laptop') => {
      const options = ok('auth/passkeys/register-options', await call(server, 'auth/passkeys/register-options', {}, token));
      return call(server, 'auth/passkeys/register', { response: authenticator.register(options, bend), name }, token);
    };
    return { userId, token, authenticator, register };
  }

  const loginOptions = async (on: TestServer, username?: string) =>
    ok('auth/passkeys/login-options', await call(on, 'auth/passkeys/login-options', username === undefined ? {} : { username }));

  it('registers a passkey with user verification for the relying party of PUBLIC_URL, lists and audits it', async () => {
    const { userId, token, register } = await userWithAuthenticator('pk-register');
    const options = ok('auth/passkeys/register-options', await call(server, 'auth/passkeys/register-options', {}, token));
    expect(options.rp).toEqual({ id: RP_ID, name: 'AC Back-office' });
    expect(options.user.name).toBe('pk-register');
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });

    const added = await register();
    expect(added.body).toEqual({ responseMessage: 'The passkey has been added.', responseFlag: 'success' });
    const { passkeys } = ok('auth/passkeys', await call(server, 'auth/passkeys', {}, token));
    expect(passkeys).toEqual([{ id: expect.any(Number), name: 'Laptop', createdAt: expect.any(String), lastUsedAt: null }]);
    const entry = await server.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id', 'changes'])
      .where('action', '=', 'auth.passkey-add')
      .where('entity_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.changes)).toEqual({ name: [null, 'Laptop'] });

    const options2 = ok('auth/passkeys/register-options', await call(server, 'auth/passkeys/register-options', {}, token));
    expect(options2.excludeCredentials?.map((credential) => credential.id)).toHaveLength(1);
  });

  it('refuses a registration for another origin, another relying party, without user verification, or with a challenge used twice', async () => {
    const { token, authenticator, register } = await userWithAuthenticator('pk-refused');
    expect((await register({ origin: 'https://evil.example.com' })).body).toEqual(notValid);
    expect((await register({ rpID: 'evil.example.com' })).body).toEqual(notValid);
    expect((await register({ userVerified: false })).body).toEqual(notValid);

    const options = ok('auth/passkeys/register-options', await call(server, 'auth/passkeys/register-options', {}, token));
    const response = authenticator.register(options);
    expect((await call(server, 'auth/passkeys/register', { response, name: 'Once' }, token)).status).toBe(200);
    const again = await call(other, 'auth/passkeys/register', { response, name: 'Twice' }, token);
    expect(again.status).toBe(422);
    expect(again.body).toEqual(notValid);
    expect(ok('auth/passkeys', await call(server, 'auth/passkeys', {}, token)).passkeys.map((row) => row.name)).toEqual(['Once']);
  });

  it("refuses another user's registration challenge", async () => {
    const first = await userWithAuthenticator('pk-owner');
    const second = await userWithAuthenticator('pk-thief');
    const options = ok('auth/passkeys/register-options', await call(server, 'auth/passkeys/register-options', {}, first.token));
    const answer = await call(
      server,
      'auth/passkeys/register',
      { response: second.authenticator.register(options), name: 'Stolen' },
      second.token,
    );
    expect(answer.body).toEqual(notValid);
  });

  it('signs in with a passkey, a whole sign-in begun on one server and finished on the other, and counts the signature', async () => {
    const { userId, authenticator, register } = await userWithAuthenticator('pk-login');
    expect((await register()).status).toBe(200);

    const options = await loginOptions(server);
    expect(options).toMatchObject({ rpId: RP_ID, userVerification: 'required', allowCredentials: [] });
    const answer = await call(other, 'auth/passkeys/login', { response: authenticator.authenticate(options) });
    const { token } = ok('auth/passkeys/login', answer);
    expect(ok('me', await call(server, 'me', {}, token)).user.username).toBe('pk-login');

    const row = await server.db
      .selectFrom('passkeys')
      .select(['counter', 'last_used_at'])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(Number(row.counter)).toBe(2);
    expect(row.last_used_at).not.toBeNull();
    const logins = await server.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'auth.login')
      .where('entity_id', '=', userId)
      .execute();
    expect(logins).toHaveLength(2);
  });

  it('names the user’s passkeys for a username, and refuses a passkey of another user against it', async () => {
    const named = await userWithAuthenticator('pk-named');
    const stranger = await userWithAuthenticator('pk-stranger');
    expect((await named.register()).status).toBe(200);
    expect((await stranger.register()).status).toBe(200);
    const options = await loginOptions(server, 'PK-Named');
    expect(options.allowCredentials?.map((credential) => credential.id)).toEqual([named.authenticator.id]);
    const refused = await call(server, 'auth/passkeys/login', { response: stranger.authenticator.authenticate(options) });
    expect(refused.status).toBe(401);
    expect((await loginOptions(server, 'nobody-at-all')).allowCredentials).toEqual([]);
  });

  it('refuses, alike, a sign-in for another origin, another relying party, without user verification, replayed, or by an unknown key', async () => {
    const { authenticator, register } = await userWithAuthenticator('pk-login-refused');
    expect((await register()).status).toBe(200);
    const refusedWith = async (bend: Bend) =>
      call(server, 'auth/passkeys/login', { response: authenticator.authenticate(await loginOptions(server), bend) });
    for (const bend of [{ origin: 'https://evil.example.com' }, { rpID: 'evil.example.com' }, { userVerified: false }]) {
      const answer = await refusedWith(bend);
      expect(answer.status, JSON.stringify(bend)).toBe(401);
      expect(answer.body).toEqual(messages.badCredentials);
    }
    const response = authenticator.authenticate(await loginOptions(server));
    expect((await call(server, 'auth/passkeys/login', { response })).status).toBe(200);
    const replayed = await call(other, 'auth/passkeys/login', { response });
    expect(replayed.status).toBe(401);
    expect(replayed.body).toEqual(messages.badCredentials);

    const unknown = softwareAuthenticator(ORIGIN, RP_ID).authenticate(await loginOptions(server));
    expect((await call(server, 'auth/passkeys/login', { response: unknown })).body).toEqual(messages.badCredentials);
  });

  it('counts failed passkey sign-ins in the login throttle, across servers', async () => {
    const { authenticator, register } = await userWithAuthenticator('pk-throttle');
    expect((await register()).status).toBe(200);
    for (const on of [server, other, server, other, server]) {
      const answer = await call(on, 'auth/passkeys/login', {
        response: authenticator.authenticate(await loginOptions(on), { userVerified: false }),
      });
      expect(answer.status).toBe(401);
    }
    const held = await call(other, 'auth/passkeys/login', { response: authenticator.authenticate(await loginOptions(other)) });
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('counts a passkey as the second factor the policy asks for, without turning two-factor on', async () => {
    const { token, register } = await userWithAuthenticator('pk-policy');
    await server.db.updateTable('settings').set({ two_factor_required_level: 3 }).execute();
    try {
      const held = await call(server, 'dashboard', {}, token);
      expect(held.status).toBe(403);
      expect(held.body).toMatchObject({ twoFactorSetupRequired: 1 });
      expect((await register()).status).toBe(200);
      expect((await call(server, 'dashboard', {}, token)).status).toBe(200);
      expect(ok('auth/2fa/status', await call(server, 'auth/2fa/status', {}, token))).toEqual({ twoFactor: 0 });
    } finally {
      await server.db.updateTable('settings').set({ two_factor_required_level: 0 }).execute();
    }
  });

  it("removes one's own passkey, audited, and refuses another user's or an unknown id under id", async () => {
    const owner = await userWithAuthenticator('pk-remove');
    const someoneElse = await userWithAuthenticator('pk-remove-other');
    expect((await owner.register()).status).toBe(200);
    const [passkey] = ok('auth/passkeys', await call(server, 'auth/passkeys', {}, owner.token)).passkeys;
    const unknown = invalid({ id: ['The selected passkey is invalid.'] });
    expect((await call(server, 'auth/passkeys/delete', { id: passkey!.id }, someoneElse.token)).body).toEqual(unknown);
    expect((await call(server, 'auth/passkeys/delete', { id: 999_999 }, owner.token)).body).toEqual(unknown);
    const removed = await call(server, 'auth/passkeys/delete', { id: passkey!.id }, owner.token);
    expect(removed.body).toEqual({ responseMessage: 'The passkey has been removed.', responseFlag: 'success' });
    expect(ok('auth/passkeys', await call(server, 'auth/passkeys', {}, owner.token)).passkeys).toEqual([]);
    const entry = await server.db
      .selectFrom('audit_log')
      .select('changes')
      .where('action', '=', 'auth.passkey-remove')
      .where('entity_id', '=', owner.userId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.changes)).toEqual({ name: ['Laptop', null] });
    // Its key signs in no more.
    const answer = await call(server, 'auth/passkeys/login', { response: owner.authenticator.authenticate(await loginOptions(server)) });
    expect(answer.status).toBe(401);
  });

  it('keeps passkeys through an admin’s two-factor reset', async () => {
    const { userId, register } = await userWithAuthenticator('pk-reset');
    expect((await register()).status).toBe(200);
    await createUser(server, 1, 'pk-reset-admin');
    const admin = await login(server, 'pk-reset-admin');
    expect((await call(server, 'users/reset-2fa', { id: userId }, admin)).status).toBe(200);
    const kept = await server.db.selectFrom('passkeys').select('id').where('user_id', '=', userId).execute();
    expect(kept).toHaveLength(1);
  });
});
