import { createHash } from 'node:crypto';
import type { PasskeyRow } from '#src/contract/passkeys.ts';
import { PASSKEY_CHALLENGE_MS } from '#src/domain/passkeys.ts';
import type { Db } from '#server/db/connect.ts';
import { recordAudit, type Actor } from './audit.ts';
import { inTransaction } from './transaction.ts';

// Passkeys' storage (docs/design.md §8.5): each credential's public key and counter, and each
// ceremony's challenge, kept by its SHA-256 in the database so that any server may finish a
// ceremony another began. A challenge is taken by one conditional DELETE: of two servers shown the
// same answer at once, one takes it.

export type ChallengePurpose = 'register' | 'login';

const hashChallenge = (challenge: string) => createHash('sha256').update(challenge).digest('hex');

/** Keeps a new ceremony's challenge for two minutes; challenges already expired are deleted on the way. */
export async function keepChallenge(db: Db, challenge: string, purpose: ChallengePurpose, userId: number | null, now = new Date()) {
  await db.deleteFrom('passkey_challenges').where('expires_at', '<=', now.toISOString()).execute();
  await db
    .insertInto('passkey_challenges')
    .values({
      challenge_hash: hashChallenge(challenge),
      purpose,
      user_id: userId,
      expires_at: new Date(now.getTime() + PASSKEY_CHALLENGE_MS).toISOString(),
    })
    .execute();
}

/**
 * Uses a live challenge of `purpose` up, whether or not the answer then checks out, so no answer
 * is tried twice. Answers `{userId}` (the user it was issued for, or null) when this call took it,
 * else undefined: unknown, expired, for the other ceremony, or taken by another call first.
 */
export async function takeChallenge(db: Db, challenge: string, purpose: ChallengePurpose, now = new Date()) {
  const hash = hashChallenge(challenge);
  const row = await db
    .selectFrom('passkey_challenges')
    .select('user_id')
    .where('challenge_hash', '=', hash)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  if (!row) return undefined;
  const taken = await db.deleteFrom('passkey_challenges').where('challenge_hash', '=', hash).executeTakeFirst();
  return Number(taken.numDeletedRows) === 1 ? { userId: row.user_id } : undefined;
}

/** The user's credentials as a ceremony's options name them (excluded at registration, allowed at sign-in). */
export async function credentialsOf(db: Db, userId: number) {
  const rows = await db.selectFrom('passkeys').select(['credential_id', 'transports']).where('user_id', '=', userId).execute();
  return rows.map((row) => ({ id: row.credential_id, transports: row.transports ? row.transports.split(',') : [] }));
}

/** A credential and its active user, by the credential's id. */
export function findCredential(db: Db, credentialId: string) {
  return db
    .selectFrom('passkeys')
    .innerJoin('users', 'users.id', 'passkeys.user_id')
    .select([
      'passkeys.id',
      'passkeys.user_id',
      'passkeys.public_key',
      'passkeys.counter',
      'passkeys.transports',
      'users.name',
      'users.username',
      'users.is_active',
    ])
    .where('passkeys.credential_id', '=', credentialId)
    .executeTakeFirst();
}

export type NewPasskey = { credentialId: string; publicKey: string; counter: number; transports: string[]; name: string };

/** Adds a checked credential with its `auth.passkey-add` entry; false when the credential is already registered. */
export async function addPasskey(db: Db, user: Actor, passkey: NewPasskey, now = new Date()): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const taken = await trx.selectFrom('passkeys').select('id').where('credential_id', '=', passkey.credentialId).executeTakeFirst();
    if (taken) return false;
    await trx
      .insertInto('passkeys')
      .values({
        user_id: user.id,
        credential_id: passkey.credentialId,
        public_key: passkey.publicKey,
        counter: passkey.counter,
        transports: passkey.transports.join(',') || null,
        name: passkey.name,
        created_at: now.toISOString(),
      })
      .execute();
    await recordAudit(
      trx,
      user,
      { action: 'auth.passkey-add', entityId: user.id, entityName: user.name, changes: { name: [null, passkey.name] } },
      now,
    );
    return true;
  });
}

/** Notes a sign-in with the credential: the counter it reached and when. Run in the sign-in's transaction. */
export async function notePasskeyUsed(trx: Db, id: number, counter: number, now = new Date()): Promise<void> {
  await trx.updateTable('passkeys').set({ counter, last_used_at: now.toISOString() }).where('id', '=', id).execute();
}

/** The user's passkeys, oldest first, as the Security screen lists them. */
export async function listPasskeys(db: Db, userId: number): Promise<PasskeyRow[]> {
  const rows = await db
    .selectFrom('passkeys')
    .select(['id', 'name', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, createdAt: row.created_at, lastUsedAt: row.last_used_at }));
}

/** Removes one of the user's passkeys with its `auth.passkey-remove` entry; false for an id that is not one of theirs. */
export async function removePasskey(db: Db, user: Actor, id: number, now = new Date()): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const row = await trx.selectFrom('passkeys').select('name').where('id', '=', id).where('user_id', '=', user.id).executeTakeFirst();
    if (!row) return false;
    await trx.deleteFrom('passkeys').where('id', '=', id).execute();
    await recordAudit(
      trx,
      user,
      { action: 'auth.passkey-remove', entityId: user.id, entityName: user.name, changes: { name: [row.name, null] } },
      now,
    );
    return true;
  });
}
