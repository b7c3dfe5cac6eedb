import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { calls } from '#src/contract/calls.ts';
import { tokenResponse } from '#src/contract/auth.ts';
import { createSession } from '#server/repositories/sessions.ts';
import { updateUser } from '#server/repositories/users.ts';
import { call, createUser, describeEachDatabase, hashPrefix, login, PASSWORD, startServer } from './harness.ts';
import type { Answer, TestServer } from './harness.ts';
import { UNAUDITED } from '#server/repositories/audit.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const dangerBody = { responseMessage: expect.any(String), responseFlag: 'danger' };

/** A POST with headers of our choosing, for Authorization values the harness would not send. */
async function postWithHeaders(server: TestServer, path: string, headers: Record<string, string>): Promise<Answer> {
  const response = await fetch(`${server.url}/api/${path}`, { method: 'POST', headers });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

function expect203(answer: Answer) {
  expect(answer.status).toBe(203);
  expect(answer.body).toEqual(dangerBody);
}

function expect422(answer: Answer, errors: Record<string, string[]>) {
  expect(answer.status).toBe(422);
  expect(answer.body).toEqual({ message: expect.any(String), errors });
}

describeEachDatabase('auth', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(() => server.close());

  const storedHash = async (userId: number) =>
    (await server.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow()).password_hash;

  it('signs in with an opaque token and me answers the derived current user', async () => {
    const adminId = await createUser(server, 1, 'login-admin');
    const salesId = await createUser(server, 3, 'login-sales');
    const managerId = await createUser(server, 2, 'login-manager');

    const answer = await call(server, 'auth/login', { username: 'login-admin', password: PASSWORD });
    expect(answer.status).toBe(200);
    const { token } = tokenResponse.parse(answer.body);
    expect(answer.body).toEqual({ token });
    expect(token.length).toBeGreaterThanOrEqual(40);
    // Opaque: random URL-safe text, not a JWT, nothing readable about the user in it.
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(token).not.toContain('login-admin');
    expect(token).not.toContain('.');

    const me = await call(server, 'me', undefined, token);
    expect(me.status).toBe(200);
    expect(calls.me.response.parse(me.body)).toEqual(me.body);
    expect(me.body).toEqual({
      user: { id: adminId, name: 'Name of login-admin', username: 'login-admin', roleId: 1, isAdmin: 1, isActive: 1 },
    });

    const managerMe = await call(server, 'me', {}, await createSession(server.db, managerId, 1));
    expect(managerMe.body).toEqual({
      user: { id: managerId, name: 'Name of login-manager', username: 'login-manager', roleId: 2, isAdmin: 0, isActive: 1 },
    });
    const salesMe = await call(server, 'me', {}, await createSession(server.db, salesId, 1));
    expect(salesMe.body).toEqual({
      user: { id: salesId, name: 'Name of login-sales', username: 'login-sales', roleId: 3, isAdmin: 0, isActive: 1 },
    });
  });

  it('gives a new token at each sign-in and keeps only its SHA-256', async () => {
    const userId = await createUser(server, 3, 'hash-user');
    const first = await login(server, 'hash-user');
    const second = await login(server, 'hash-user');
    expect(first).not.toBe(second);

    const rows = await server.db.selectFrom('sessions').selectAll().where('user_id', '=', userId).orderBy('id').execute();
    expect(rows.map((row) => row.token_hash)).toEqual([sha256(first), sha256(second)]);
    for (const row of rows) {
      const stored = JSON.stringify(row);
      expect(stored).not.toContain(first);
      expect(stored).not.toContain(second);
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.revoked_at).toBeNull();
      // Default lifetime: 12 hours from sign-in.
      expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(12 * 3_600_000);
    }
    // Both sessions work side by side.
    expect((await call(server, 'me', undefined, first)).status).toBe(200);
    expect((await call(server, 'me', undefined, second)).status).toBe(200);
    // The stored hash itself is not a token.
    expect203(await call(server, 'me', undefined, rows[0]!.token_hash));
  });

  it('matches the username case-insensitively', async () => {
    const userId = await createUser(server, 2, 'MixedCase.User');
    for (const username of ['mixedcase.user', 'MIXEDCASE.USER']) {
      const token = await login(server, username);
      const me = await call(server, 'me', undefined, token);
      expect(me.body.user).toMatchObject({ id: userId, username: 'MixedCase.User' });
    }
  });

  it('answers 401 with one body for a wrong password, an unknown user and an inactive user', async () => {
    await createUser(server, 3, 'wrong-pass-user');
    await createUser(server, 3, 'inactive-user', 0);

    const wrongPassword = await call(server, 'auth/login', { username: 'wrong-pass-user', password: 'not-the-password' });
    const unknownUser = await call(server, 'auth/login', { username: 'nobody-at-all', password: PASSWORD });
    const inactiveUser = await call(server, 'auth/login', { username: 'inactive-user', password: PASSWORD });

    for (const answer of [wrongPassword, unknownUser, inactiveUser]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(dangerBody);
    }
    expect(unknownUser.body).toEqual(wrongPassword.body);
    expect(inactiveUser.body).toEqual(wrongPassword.body);
    // No session was made for the inactive user.
    const sessions = await server.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select('sessions.id')
      .where('users.username', '=', 'inactive-user')
      .execute();
    expect(sessions).toEqual([]);
  });

  it('asks for the username and password', async () => {
    const both = { username: ['Please enter username.'], password: ['Please enter password.'] };
    expect422(await call(server, 'auth/login', {}), both);
    expect422(await call(server, 'auth/login'), both);
    expect422(await call(server, 'auth/login', { username: '   ', password: '' }), both);
    expect422(await call(server, 'auth/login', { username: 'someone' }), { password: ['Please enter password.'] });
    expect422(await call(server, 'auth/login', { password: 'whatever1' }), { username: ['Please enter username.'] });
  });

  it('throttles a username after 5 failures, even with the right password, but not another username', async () => {
    await createUser(server, 3, 'throttled-user');
    await createUser(server, 3, 'bystander-user');

    for (let attempt = 1; attempt <= 5; attempt++) {
      const answer = await call(server, 'auth/login', { username: 'throttled-user', password: `wrong-${attempt}-password` });
      expect(answer.status).toBe(401);
    }

    const blocked = await call(server, 'auth/login', { username: 'throttled-user', password: 'wrong-again-password' });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual(dangerBody);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // The right password is refused too while throttled, whatever the case of the username.
    for (const username of ['throttled-user', 'THROTTLED-USER']) {
      const correct = await call(server, 'auth/login', { username, password: PASSWORD });
      expect(correct.status).toBe(429);
      expect(correct.body).toEqual(dangerBody);
      expect(Number(correct.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }

    // Another username from the same address still signs in.
    const other = await call(server, 'auth/login', { username: 'bystander-user', password: PASSWORD });
    expect(other.status).toBe(200);
    expect(tokenResponse.parse(other.body).token.length).toBeGreaterThanOrEqual(40);
  });

  it('answers 203 without a token or with a malformed Authorization header', async () => {
    const token = await createSession(server.db, await createUser(server, 1, 'header-user'), 1);

    expect203(await call(server, 'me'));
    expect203(await call(server, 'me', {}));
    for (const authorization of [
      token,
      `Token ${token}`,
      `Basic ${token}`,
      'Bearer',
      'Bearer ',
      `Bearer ${token} extra`,
      `Bearer${token}`,
    ]) {
      expect203(await postWithHeaders(server, 'me', { authorization }));
    }
    // The well-formed header with the same token works.
    expect((await postWithHeaders(server, 'me', { authorization: `Bearer ${token}` })).status).toBe(200);
  });

  it('answers 203 for an unknown token', async () => {
    expect203(await call(server, 'me', undefined, 'x'.repeat(43)));
    expect203(await call(server, 'me', undefined, 'not-a-token'));
  });

  it('answers 203 for an expired token', async () => {
    const userId = await createUser(server, 2, 'expiring-user');
    const token = await createSession(server.db, userId, 12);
    expect((await call(server, 'me', undefined, token)).status).toBe(200);

    await server.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', userId)
      .execute();
    expect203(await call(server, 'me', undefined, token));
    expect203(await call(server, 'variables', undefined, token));
  });

  it('expires tokens after the configured session lifetime', async () => {
    const shortLived = await startServer(kind, { sessionTtlHours: 2 / 3600 });
    try {
      const userId = await createUser(shortLived, 3, 'short-lived-user');
      const token = await login(shortLived, 'short-lived-user');
      const row = await shortLived.db.selectFrom('sessions').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
      expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(2000);
      expect((await call(shortLived, 'me', undefined, token)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(row.expires_at) - Date.now()) + 100));
      expect203(await call(shortLived, 'me', undefined, token));
    } finally {
      await shortLived.close();
    }
  });

  it('logs out with a write response and revokes only that token', async () => {
    const userId = await createUser(server, 3, 'logout-user');
    const token = await login(server, 'logout-user');
    const otherToken = await createSession(server.db, userId, 12);

    const answer = await call(server, 'auth/logout', undefined, token);
    expect(answer.status).toBe(200);
    expect(calls['auth/logout'].response.parse(answer.body)).toEqual(answer.body);
    expect(answer.body).toEqual({ responseMessage: expect.any(String), responseFlag: 'success' });

    const row = await server.db.selectFrom('sessions').selectAll().where('token_hash', '=', sha256(token)).executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();

    expect203(await call(server, 'me', undefined, token));
    expect203(await call(server, 'auth/logout', undefined, token));
    expect((await call(server, 'me', undefined, otherToken)).status).toBe(200);
  });

  it("answers 203 for a deactivated user's token", async () => {
    const userId = await createUser(server, 1, 'soon-inactive');
    const token = await createSession(server.db, userId, 12);
    expect((await call(server, 'me', undefined, token)).status).toBe(200);

    await updateUser(server.db, UNAUDITED, userId, { isActive: 0 });
    expect203(await call(server, 'me', undefined, token));
    expect203(await call(server, 'users', {}, token));
  });

  it('asks for every change-password field', async () => {
    const token = await createSession(server.db, await createUser(server, 3, 'cp-required'), 12);
    expect422(await call(server, 'auth/change-password', {}, token), {
      currentPassword: ['Please enter current password.'],
      password: ['Please enter password.'],
      password_confirmation: ['Please confirm password.'],
    });
    expect422(await call(server, 'auth/change-password', { currentPassword: '', password: '', password_confirmation: '' }, token), {
      currentPassword: ['Please enter current password.'],
      password: ['Please enter password.'],
      password_confirmation: ['Please confirm password.'],
    });
  });

  it('refuses a wrong current password, a mismatched confirmation and a short password', async () => {
    const userId = await createUser(server, 3, 'cp-invalid');
    const token = await createSession(server.db, userId, 12);
    const before = await storedHash(userId);

    expect422(
      await call(
        server,
        'auth/change-password',
        { currentPassword: 'wrong-password', password: 'brand-new-pass', password_confirmation: 'brand-new-pass' },
        token,
      ),
      { currentPassword: ['The current password is incorrect.'] },
    );
    expect422(
      await call(
        server,
        'auth/change-password',
        { currentPassword: PASSWORD, password: 'brand-new-pass', password_confirmation: 'brand-new-pasz' },
        token,
      ),
      { password_confirmation: ['The password confirmation does not match.'] },
    );
    expect422(
      await call(server, 'auth/change-password', { currentPassword: PASSWORD, password: 'short', password_confirmation: 'short' }, token),
      { password: ['The password must be at least 8 characters.'] },
    );

    expect(await storedHash(userId)).toBe(before);
    expect((await call(server, 'me', undefined, token)).status).toBe(200);
  });

  it('changes the password, keeps the calling session and revokes the others', async () => {
    const userId = await createUser(server, 2, 'cp-success');
    const caller = await login(server, 'cp-success');
    const other = await createSession(server.db, userId, 12);
    const before = await storedHash(userId);

    const answer = await call(
      server,
      'auth/change-password',
      { currentPassword: PASSWORD, password: 'a-new-password', password_confirmation: 'a-new-password' },
      caller,
    );
    expect(answer.status).toBe(200);
    expect(calls['auth/change-password'].response.parse(answer.body)).toEqual(answer.body);
    expect(answer.body).toEqual({ responseMessage: expect.any(String), responseFlag: 'success' });

    expect((await call(server, 'me', undefined, caller)).status).toBe(200);
    expect203(await call(server, 'me', undefined, other));

    const after = await storedHash(userId);
    expect(after).not.toBe(before);
    expect(after.startsWith(hashPrefix)).toBe(true);
    expect(after).not.toContain('a-new-password');

    const old = await call(server, 'auth/login', { username: 'cp-success', password: PASSWORD });
    expect(old.status).toBe(401);
    expect(old.body).toEqual(dangerBody);
    const fresh = await login(server, 'cp-success', 'a-new-password');
    expect((await call(server, 'me', undefined, fresh)).status).toBe(200);
  });
});
