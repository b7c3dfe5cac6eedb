import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hashToken } from '#server/auth/tokens.ts';
import { createSession } from '#server/repositories/sessions.ts';
import { call, createUser, describeEachDatabase, login, PASSWORD, startServer, type TestServer } from '#tests/api/harness.ts';

const HOUR = 3_600_000;

/** A hash in the stored format with weaker parameters than today's, as an older release wrote it. */
function legacyHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 2 ** 14, r: 8, p: 1 });
  return ['scrypt', 2 ** 14, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

describeEachDatabase('sessions and stored passwords', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(() => server.close());

  const storedHash = async (id: number) =>
    (await server.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()).password_hash;

  it('upgrades a hash made with older scrypt parameters at sign-in, and the password still works', async () => {
    const id = await createUser(server, 3, 'legacy-user');
    const legacy = legacyHash(PASSWORD);
    await server.db.updateTable('users').set({ password_hash: legacy }).where('id', '=', id).execute();

    // A wrong password does not touch the stored hash.
    expect((await call(server, 'auth/login', { username: 'legacy-user', password: 'not-the-password' })).status).toBe(401);
    expect(await storedHash(id)).toBe(legacy);

    const token = await login(server, 'legacy-user');
    const upgraded = await storedHash(id);
    expect(upgraded).not.toBe(legacy);
    const [scheme, n, r, p, salt] = upgraded.split('$');
    expect([scheme, n, r, p]).toEqual(['scrypt', '131072', '8', '1']);
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
    expect((await call(server, 'me', undefined, token)).status).toBe(200);

    // Signed in again with the new hash, which is now left as it is.
    await login(server, 'legacy-user');
    expect(await storedHash(id)).toBe(upgraded);
  });

  it('deletes expired and revoked sessions at the next sign-in, and keeps every live one', async () => {
    const owner = await createUser(server, 2, 'purge-owner');
    const bystander = await createUser(server, 3, 'purge-bystander');
    await createUser(server, 3, 'purge-trigger');
    const now = Date.now();
    const insert = (userId: number, token: string, expiresIn: number, revoked: boolean) =>
      server.db
        .insertInto('sessions')
        .values({
          user_id: userId,
          token_hash: hashToken(token),
          created_at: new Date(now - 13 * HOUR).toISOString(),
          expires_at: new Date(now + expiresIn).toISOString(),
          revoked_at: revoked ? new Date(now - HOUR).toISOString() : null,
        })
        .execute();
    await insert(owner, 'expired-token-of-owner', -HOUR, false);
    await insert(owner, 'revoked-token-of-owner', HOUR, true);
    await insert(bystander, 'expired-token-of-bystander', -1, false);
    const live = [await createSession(server.db, owner, 1), await createSession(server.db, bystander, 1)];

    // Before the sweep an ended session already answers as an unknown token does.
    for (const ended of ['expired-token-of-owner', 'revoked-token-of-owner', 'expired-token-of-bystander']) {
      expect((await call(server, 'me', undefined, ended)).status).toBe(203);
    }

    const trigger = await login(server, 'purge-trigger');

    const rows = await server.db.selectFrom('sessions').select('token_hash').execute();
    const kept = new Set(rows.map((row) => row.token_hash));
    for (const ended of ['expired-token-of-owner', 'revoked-token-of-owner', 'expired-token-of-bystander']) {
      expect(kept.has(hashToken(ended)), ended).toBe(false);
      expect((await call(server, 'me', undefined, ended)).status).toBe(203);
    }
    for (const token of [...live, trigger]) {
      expect(kept.has(hashToken(token))).toBe(true);
      expect((await call(server, 'me', undefined, token)).status).toBe(200);
    }
  });

  it('a logged-out token is gone after the next sign-in and stays refused', async () => {
    await createUser(server, 3, 'logout-purge');
    const token = await login(server, 'logout-purge');
    expect((await call(server, 'auth/logout', undefined, token)).status).toBe(200);
    await login(server, 'logout-purge');
    const row = await server.db.selectFrom('sessions').select('id').where('token_hash', '=', hashToken(token)).executeTakeFirst();
    expect(row).toBeUndefined();
    expect((await call(server, 'me', undefined, token)).status).toBe(203);
  });
});
