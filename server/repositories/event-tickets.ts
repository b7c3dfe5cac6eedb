import type { CurrentUser } from '#src/contract/auth.ts';
import { TICKET_TTL_MS } from '#src/domain/live-events.ts';
import { isAdminRoleId } from '#src/domain/roles.ts';
import { hashToken, newToken } from '#server/auth/tokens.ts';
import type { Db } from '#server/db/connect.ts';
import { newestEntryId } from './live-log.ts';

// Tickets of live-update streams (docs/design.md §8.3). An EventSource cannot send the bearer
// header, and a token in a URL ends up in logs and histories: the stream's URL carries instead a
// ticket that opens one stream, once, within a minute. Kept hashed in the database, as tokens
// are, so that any server of the database redeems it and a database leak holds none usable.

/**
 * A new ticket for the session of this bearer token, remembering where a reconnecting client left
 * off. A first connect starts from the log's end as the ticket is asked for, not as the stream
 * opens: a write in the two round trips between is sent, not lost to a screen read just before.
 */
export async function issueTicket(db: Db, sessionToken: string, lastEventId: number | undefined, now = new Date()): Promise<string> {
  const session = await db.selectFrom('sessions').select('id').where('token_hash', '=', hashToken(sessionToken)).executeTakeFirstOrThrow();
  // Tickets never redeemed would pile up: each new one clears the lapsed ones (one indexless scan
  // of a table holding about a minute's worth).
  await db.deleteFrom('event_tickets').where('expires_at', '<=', now.toISOString()).execute();
  const { token, hash } = newToken();
  await db
    .insertInto('event_tickets')
    .values({
      token_hash: hash,
      session_id: session.id,
      last_event_id: lastEventId ?? (await newestEntryId(db)),
      expires_at: new Date(now.getTime() + TICKET_TTL_MS).toISOString(),
    })
    .execute();
  return token;
}

export type Redeemed = { sessionId: number; user: CurrentUser; lastEventId: number | undefined };

/**
 * The stream a ticket opens, or null: unknown, already used, expired, or its session ended (signed
 * out, revoked, expired, its user deactivated). The DELETE is what makes it single use: of two
 * servers redeeming one ticket at once, one deletes the row and the other finds none.
 */
export async function redeemTicket(db: Db, ticket: string, now = new Date()): Promise<Redeemed | null> {
  const used = await db
    .deleteFrom('event_tickets')
    .where('token_hash', '=', hashToken(ticket))
    .returning(['session_id', 'last_event_id', 'expires_at'])
    .executeTakeFirst();
  if (!used || used.expires_at <= now.toISOString()) return null;
  const row = await liveSessionsQuery(db, [used.session_id], now)
    .select(['users.id', 'users.name', 'users.username', 'users.role_id'])
    .executeTakeFirst();
  if (!row) return null;
  const user: CurrentUser = {
    id: row.id,
    name: row.name,
    username: row.username,
    roleId: row.role_id,
    isAdmin: isAdminRoleId(row.role_id),
    isActive: 1,
  };
  return { sessionId: used.session_id, user, lastEventId: used.last_event_id ?? undefined };
}

/** The sessions among these that are still alive: the session check of every call, for many streams in one round trip. */
export async function liveSessions(db: Db, sessionIds: readonly number[], now = new Date()): Promise<Set<number>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await liveSessionsQuery(db, sessionIds, now).select('sessions.id').execute();
  return new Set(rows.map((row) => row.id));
}

// The same conditions as userForToken (sessions.ts): not revoked, not expired, the user active.
const liveSessionsQuery = (db: Db, sessionIds: readonly number[], now: Date) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .where('sessions.id', 'in', sessionIds)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now.toISOString())
    .where('users.is_active', '=', 1);
