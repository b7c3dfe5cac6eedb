import type { CurrentUser } from '#src/contract/auth.ts';
import { isAdminRoleId } from '#src/domain/roles.ts';
import { sessionExpiry } from '#src/domain/sessions.ts';
import { hashToken, newToken } from '#server/auth/tokens.ts';
import type { Db, Store } from '#server/db/connect.ts';
import { recordAudit, type Actor } from './audit.ts';
import { inTransaction } from './transaction.ts';

/** A session row alone, with no audit entry: a sign-in goes through signIn (tests make sessions with it). */
export async function createSession(db: Db, userId: number, ttlHours: number, now = new Date()): Promise<string> {
  const { token, hash } = newToken();
  await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: hash,
      created_at: now.toISOString(),
      expires_at: sessionExpiry(now, ttlHours).toISOString(),
    })
    .execute();
  return token;
}

/**
 * The signed-in user behind a bearer token, or null for an unknown, expired, revoked or inactive
 * one. Every signed-in call asks this first, so it is one round trip: session and user in one
 * join, run through the RowReader (on PostgreSQL a named statement, parsed and planned once per
 * connection; on SQLite a statement prepared once). Nothing is written: a session keeps no "last
 * used" time, which would cost every call a write.
 */
export async function userForToken({ db, readRows }: Store, token: string, now = new Date()): Promise<CurrentUser | null> {
  const query = db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.name', 'users.username', 'users.role_id'])
    .where('sessions.token_hash', '=', hashToken(token))
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now.toISOString())
    .where('users.is_active', '=', 1);
  const [row] = await readRows(query.compile(), 1);
  if (!row) return null;
  const [id, name, username, roleId] = row as [number, string, string, number];
  return { id, name, username, roleId, isAdmin: isAdminRoleId(roleId), isActive: 1 };
}

/** A sign-in: a new session and its `auth.login` entry, in one transaction; answers the token. */
export async function signIn(db: Db, user: Actor, ttlHours: number, now = new Date()): Promise<string> {
  return inTransaction(db, async (trx) => {
    const token = await createSession(trx, user.id, ttlHours, now);
    await recordAudit(trx, user, { action: 'auth.login', entityId: user.id, entityName: user.name, changes: {} }, now);
    return token;
  });
}

/** A sign-out: the token revoked and the `auth.logout` entry, in one transaction. */
export async function signOut(db: Db, user: Actor, token: string, now = new Date()): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable('sessions')
      .set({ revoked_at: now.toISOString() })
      .where('token_hash', '=', hashToken(token))
      .where('revoked_at', 'is', null)
      .execute();
    await recordAudit(trx, user, { action: 'auth.logout', entityId: user.id, entityName: user.name, changes: {} }, now);
  });
}

/** Ends every session of a user, or all but the one making the call. */
export async function revokeUserSessions(db: Db, userId: number, exceptToken?: string, now = new Date()): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptToken) query = query.where('token_hash', '!=', hashToken(exceptToken));
  await query.execute();
}

/**
 * Deletes sessions that can never be used again: expired, or revoked. Such a token already
 * answers 203 like an unknown one, so deleting its row changes no answer; live sessions are
 * untouched. Run at each sign-in, so the table holds about one row per live session.
 */
export async function purgeEndedSessions(db: Db, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now.toISOString()), eb('revoked_at', 'is not', null)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
