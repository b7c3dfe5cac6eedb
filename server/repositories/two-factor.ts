import { createHash } from 'node:crypto';
import { fieldError } from '#src/contract/errors.ts';
import { CODE_NOT_VALID, SETUP_FIRST, TWO_FACTOR_ALREADY_ON } from '#src/contract/two-factor.ts';
import type { AuditAction } from '#src/contract/audit.ts';
import { acceptedTotpStep, newRecoveryCodes, newTotpSecret, recoveryCodeKey } from '#src/domain/two-factor.ts';
import type { Db } from '#server/db/connect.ts';
import { recordAudit, type Actor } from './audit.ts';
import type { Sealer } from './sealing.ts';
import { inTransaction } from './transaction.ts';

// Two-factor sign-in's storage (docs/design.md §8.5): the secret sealed on the user's row, the
// last time step used beside it, the recovery codes hashed. Every check that uses a code up is one
// conditional UPDATE, so of two servers shown the same code at once, one takes it.

// Recovery codes are 50 random bits: a plain SHA-256 is enough, no password hash is needed.
const hashRecoveryCode = (code: string) => createHash('sha256').update(recoveryCodeKey(code)).digest('hex');

type Target = { id: number; name: string };

/** A new secret, kept sealed and not yet in use: enable confirms it with a code. */
export async function startSetup(db: Db, sealer: Sealer, userId: number): Promise<string> {
  const row = await db.selectFrom('users').select('two_factor_on').where('id', '=', userId).executeTakeFirstOrThrow();
  if (row.two_factor_on === 1) throw fieldError('code', TWO_FACTOR_ALREADY_ON);
  const secret = newTotpSecret();
  await db
    .updateTable('users')
    .set({ two_factor_secret: await sealer.seal(secret), two_factor_last_step: null })
    .where('id', '=', userId)
    .where('two_factor_on', '=', 0)
    .execute();
  return secret;
}

/**
 * Takes a code of this user, once: a TOTP code of a step later than the last one used, or an
 * unused recovery code. Answers whether it was taken. Run it in the transaction that acts on it.
 */
export async function takeCode(db: Db, sealer: Sealer, userId: number, code: string, now = new Date()): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select(['two_factor_secret', 'two_factor_last_step'])
    .where('id', '=', userId)
    .where('two_factor_on', '=', 1)
    .executeTakeFirst();
  if (!row?.two_factor_secret) return false;
  const secret = await sealer.unseal(row.two_factor_secret);
  const lastStep = row.two_factor_last_step === null ? null : Number(row.two_factor_last_step);
  const step = secret === null ? null : acceptedTotpStep(secret, code, lastStep, now.getTime());
  if (step !== null) {
    const taken = await db
      .updateTable('users')
      .set({ two_factor_last_step: step })
      .where('id', '=', userId)
      .where((eb) => eb.or([eb('two_factor_last_step', 'is', null), eb('two_factor_last_step', '<', step)]))
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1;
  }
  const used = await db
    .updateTable('recovery_codes')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hashRecoveryCode(code))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

/** Turns two-factor on once a code of the set-up's secret is right: answers the ten recovery codes, in clear this once. */
export async function enableTwoFactor(db: Db, sealer: Sealer, user: Actor, code: string, now = new Date()): Promise<string[]> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom('users')
      .select(['two_factor_secret', 'two_factor_on'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    if (row.two_factor_on === 1) throw fieldError('code', TWO_FACTOR_ALREADY_ON);
    const secret = row.two_factor_secret === null ? null : await sealer.unseal(row.two_factor_secret);
    if (secret === null) throw fieldError('code', SETUP_FIRST);
    const step = acceptedTotpStep(secret, code, null, now.getTime());
    if (step === null) throw fieldError('code', CODE_NOT_VALID);
    const turnedOn = await trx
      .updateTable('users')
      .set({ two_factor_on: 1, two_factor_last_step: step })
      .where('id', '=', user.id)
      .where('two_factor_on', '=', 0)
      .executeTakeFirst();
    if (Number(turnedOn.numUpdatedRows) !== 1) throw fieldError('code', TWO_FACTOR_ALREADY_ON);
    const codes = newRecoveryCodes();
    await trx.deleteFrom('recovery_codes').where('user_id', '=', user.id).execute();
    await trx
      .insertInto('recovery_codes')
      .values(codes.map((recovery) => ({ user_id: user.id, code_hash: hashRecoveryCode(recovery) })))
      .execute();
    await recordAudit(trx, user, { action: 'auth.2fa-enable', entityId: user.id, entityName: user.name, changes: {} }, now);
    return codes;
  });
}

/**
 * Turns two-factor off for `target`: the secret, the last step and the recovery codes go, with
 * the entry of `action` (the user's own disable, or an admin's reset). Run in the caller's transaction.
 */
export async function turnOffTwoFactor(trx: Db, by: Actor, target: Target, action: AuditAction, now = new Date()): Promise<void> {
  await trx
    .updateTable('users')
    .set({ two_factor_secret: null, two_factor_on: 0, two_factor_last_step: null })
    .where('id', '=', target.id)
    .execute();
  await trx.deleteFrom('recovery_codes').where('user_id', '=', target.id).execute();
  await recordAudit(trx, by, { action, entityId: target.id, entityName: target.name, changes: {} }, now);
}
