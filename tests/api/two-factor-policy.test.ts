import { afterAll, beforeAll, expect, it } from 'vitest';
import { totpCode } from '#src/domain/two-factor.ts';
import { call, createUser, describeEachDatabase, login, PASSWORD, startServer, type TestServer } from './harness.ts';
import { invalid } from './expected.ts';

// docs/design.md §8.5: the settings' two-factor level, held by the server on every call, and the
// admin's reset.

const policyBody = {
  responseMessage: 'Please set up two-factor sign-in to continue.',
  responseFlag: 'danger',
  twoFactorSetupRequired: 1,
};

describeEachDatabase('two-factor policy and reset', (kind) => {
  let server: TestServer;
  let admin: string;
  let adminVersion = 1;
  beforeAll(async () => {
    server = await startServer(kind);
    await createUser(server, 1, 'pol-admin');
    admin = await login(server, 'pol-admin');
  });
  afterAll(() => server.close());

  const setLevel = async (level: number) => {
    const answer = await call(server, 'settings/update', { twoFactorRequiredLevel: level, version: adminVersion }, admin);
    if (answer.status === 200) adminVersion++;
    return answer;
  };

  async function turnOn(token: string) {
    const { secret } = (await call(server, 'auth/2fa/setup', {}, token)).body as { secret: string };
    expect((await call(server, 'auth/2fa/enable', { code: totpCode(secret, Date.now()) }, token)).status).toBe(200);
  }

  it("refuses a level covering the admin saving it until they have a second factor, then holds every covered user's calls", async () => {
    expect((await setLevel(2)).body).toEqual(invalid({ twoFactorRequiredLevel: ['Set up two-factor sign-in for yourself first.'] }));
    await turnOn(admin);
    expect((await setLevel(2)).status).toBe(200);

    await createUser(server, 2, 'pol-manager');
    await createUser(server, 3, 'pol-sales');
    const manager = await login(server, 'pol-manager');
    const sales = await login(server, 'pol-sales');
    for (const name of ['models', 'dashboard', 'auth/sessions', 'variables']) {
      const answer = await call(server, name, {}, manager);
      expect(answer.status, name).toBe(403);
      expect(answer.body, name).toEqual(policyBody);
    }
    for (const name of ['me', 'settings']) expect((await call(server, name, {}, manager)).status, name).toBe(200);
    expect((await call(server, 'models', {}, sales)).status).toBe(200);
    expect((await call(server, 'models', {}, admin)).status).toBe(200);

    // Setting it up is open, and lifts the hold at once.
    await turnOn(manager);
    expect((await call(server, 'models', {}, manager)).status).toBe(200);
    expect((await call(server, 'auth/logout', {}, sales)).status).toBe(200);
  });

  it("resets another user's two-factor, ending their sessions, but never one's own", async () => {
    const own = await call(server, 'users/reset-2fa', { id: (await call(server, 'me', {}, admin)).body.user.id }, admin);
    expect(own.body).toEqual(invalid({ id: ['You cannot reset your own two-factor sign-in.'] }));

    const id = await createUser(server, 3, 'pol-lost-phone');
    const token = await login(server, 'pol-lost-phone');
    await turnOn(token);
    expect((await call(server, 'auth/login', { username: 'pol-lost-phone', password: PASSWORD })).body).toHaveProperty('mfaTicket');
    const reset = await call(server, 'users/reset-2fa', { id }, admin);
    expect(reset.body).toEqual({ responseMessage: 'Two-factor sign-in has been reset.', responseFlag: 'success' });
    expect((await call(server, 'me', {}, token)).status).toBe(203);
    expect((await call(server, 'auth/login', { username: 'pol-lost-phone', password: PASSWORD })).body).toEqual({
      token: expect.any(String),
    });
    const entry = await server.db.selectFrom('audit_log').selectAll().where('action', '=', 'auth.2fa-reset').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      user_name: 'Name of pol-admin',
      entity_type: 'user',
      entity_id: id,
      entity_name: 'Name of pol-lost-phone',
    });
    expect((await call(server, 'users/reset-2fa', { id: 999_999 }, admin)).body).toEqual(
      invalid({ id: ['The selected user is invalid.'] }),
    );
  });
});
