import type { CurrentUser } from '#src/contract/auth.ts';
import type { TwoFactorLevel } from '#src/contract/settings.ts';
import { isAdminRoleId } from '#src/domain/roles.ts';
import type { SessionRow } from '#src/contract/sessions.ts';
import { deviceOf, LAST_SEEN_STEP_MS, sessionExpiry } from '#src/domain/sessions.ts';
import { hashToken, newToken } from '#server/auth/tokens.ts';
import type { Db, Store } from '#server/db/connect.ts';
import { recordAudit, type Actor } from './audit.ts';
import { compiledOnce } from './compiled-once.ts';
import { inTransaction } from './transaction.ts';

const USER_AGENT_MAX = 512;

/** A session row alone, with no audit entry: a sign-in goes through signIn (tests make sessions with it). */
export async function createSession(db: Db, userId: number, ttlHours: number, now = new Date(), userAgent?: string): Promise<string> {
  const { token, hash } = newToken();
  await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: hash,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: sessionExpiry(now, ttlHours).toISOString(),
      user_agent: userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    })
    .execute();
  return token;
}

/**
 * A live session: its user, its id, whether the user has two-factor on and whether they have a
 * second factor at all (two-factor or a passkey), and the settings' level that asks for one
 * (docs/design.md §8.5), so the policy costs the check nothing more.
 */
export type SessionCheck = {
  user: CurrentUser;
  sessionId: number;
  twoFactor: boolean;
  secondFactor: boolean;
  requiredLevel: TwoFactorLevel;
};

const sessionCheck = compiledOnce(['tokenHash', 'now'], (db, { tokenHash, now }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select((eb) => [
      'users.id',
      'users.name',
      'users.username',
      'users.role_id',
      'sessions.id as session_id',
      'sessions.last_seen_at',
      'users.two_factor_on',
      eb.exists(eb.selectFrom('passkeys').select('passkeys.id').whereRef('passkeys.user_id', '=', 'users.id')).as('has_passkey'),
      eb.selectFrom('settings').select('two_factor_required_level').where('settings.id', '=', 1).as('required_level'),
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .where('users.is_active', '=', 1),
);

/**
 * The session behind a bearer token, or null for an unknown, expired, revoked or inactive one.
 * Every signed-in call asks this first, so it is one round trip: session, user and the settings'
 * level in one query, run through the RowReader (on PostgreSQL a named statement, parsed and
 * planned once per connection; on SQLite a statement prepared once), its SQL built by Kysely once
 * per database (compiled-once.ts). The last-seen time costs a write only when it is a minute old,
 * so a session busy with calls writes once a minute at most.
 */
export async function sessionForToken({ db, readRows }: Store, token: string, now = new Date()): Promise<SessionCheck | null> {
  const [row] = await readRows(sessionCheck(db, { tokenHash: hashToken(token), now: now.toISOString() }), 1);
  if (!row) return null;
  const [id, name, username, roleId, sessionId, lastSeenAt, twoFactorOn, hasPasskey, requiredLevel] = row as [
    number,
    string,
    string,
    number,
    number,
    string | null,
    number,
    // PostgreSQL answers a boolean, SQLite 0 or 1.
    boolean | number,
    number | null,
  ];
  if (lastSeenAt === null || Date.parse(lastSeenAt) <= now.getTime() - LAST_SEEN_STEP_MS) await markSeen(db, sessionId, now);
  return {
    user: { id, name, username, roleId, isAdmin: isAdminRoleId(roleId), isActive: 1 },
    sessionId: Number(sessionId),
    twoFactor: Number(twoFactorOn) === 1,
    secondFactor: Number(twoFactorOn) === 1 || Number(hasPasskey) === 1,
    requiredLevel: Number(requiredLevel ?? 0) as TwoFactorLevel,
  };
}

// Conditional, so of several calls of one session at once, or on several servers, one writes.
async function markSeen(db: Db, sessionId: number, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: now.toISOString() })
    .where('id', '=', sessionId)
    .where((eb) =>
      eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<=', new Date(now.getTime() - LAST_SEEN_STEP_MS).toISOString())]),
    )
    .execute();
}

/** A sign-in: a new session and its `auth.login` entry, in one transaction; answers the token. */
export async function signIn(db: Db, user: Actor, ttlHours: number, userAgent?: string, now = new Date()): Promise<string> {
  return inTransaction(db, async (trx) => {
    const token = await createSession(trx, user.id, ttlHours, now, userAgent);
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

/** The user's live sessions, newest first, as the Security screen lists them; `currentId` is the caller's. */
export async function listSessions(db: Db, userId: number, currentId: number, now = new Date()): Promise<SessionRow[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_seen_at', 'user_agent'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at ?? row.created_at,
    device: deviceOf(row.user_agent),
    current: row.id === currentId ? 1 : 0,
  }));
}

/**
 * Ends sessions of the user by hand (docs/design.md §8.5): one by id, or all but `keepId`, with one
 * `auth.revoke` entry, in one transaction. Answers how many ended: 0 for an id that is not a live
 * session of theirs, which the caller answers as unknown.
 */
export async function revokeSessions(db: Db, user: Actor, which: { id: number } | { allBut: number }, now = new Date()): Promise<number> {
  return inTransaction(db, async (trx) => {
    let query = trx
      .updateTable('sessions')
      .set({ revoked_at: now.toISOString() })
      .where('user_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now.toISOString());
    query = 'id' in which ? query.where('id', '=', which.id) : query.where('id', '!=', which.allBut);
    const ended = Number((await query.executeTakeFirst()).numUpdatedRows);
    if ('id' in which && ended === 0) return 0;
    await recordAudit(trx, user, { action: 'auth.revoke', entityId: user.id, entityName: user.name, changes: {} }, now);
    return ended;
  });
}
