import { MFA_TICKET_MS } from '#src/domain/two-factor.ts';
import { hashToken, newToken } from '#server/auth/tokens.ts';
import type { Db } from '#server/db/connect.ts';

// The second step of a sign-in with two-factor on (docs/design.md §8.5): a ticket of 32 random
// bytes, only its SHA-256 kept, in the database so that any server takes it. It stays good for
// further tries until it expires or succeeds; wrong codes are held back by the login throttle.

/** A ticket for this user, good for five minutes; tickets already expired are deleted on the way. */
export async function issueTicket(db: Db, userId: number, now = new Date()): Promise<string> {
  await db.deleteFrom('mfa_tickets').where('expires_at', '<=', now.toISOString()).execute();
  const { token, hash } = newToken();
  await db
    .insertInto('mfa_tickets')
    .values({ ticket_hash: hash, user_id: userId, expires_at: new Date(now.getTime() + MFA_TICKET_MS).toISOString() })
    .execute();
  return token;
}

/** The active user a live ticket is for, or undefined. */
export async function ticketUser(db: Db, ticket: string, now = new Date()) {
  return db
    .selectFrom('mfa_tickets')
    .innerJoin('users', 'users.id', 'mfa_tickets.user_id')
    .select(['users.id', 'users.name', 'users.username'])
    .where('mfa_tickets.ticket_hash', '=', hashToken(ticket))
    .where('mfa_tickets.expires_at', '>', now.toISOString())
    .where('users.is_active', '=', 1)
    .executeTakeFirst();
}

/** Uses the ticket up; false when another call did first (the caller's transaction then rolls back). */
export async function endTicket(trx: Db, ticket: string): Promise<boolean> {
  const ended = await trx.deleteFrom('mfa_tickets').where('ticket_hash', '=', hashToken(ticket)).executeTakeFirst();
  return Number(ended.numDeletedRows) === 1;
}
