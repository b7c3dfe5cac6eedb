import type { AuditAction } from '#src/contract/audit.ts';
import { fieldError } from '#src/contract/errors.ts';
import { CODE_NOT_VALID, SETUP_FIRST, TWO_FACTOR_ALREADY_ON } from '#src/contract/two-factor.ts';
import { acceptedTotpStep, newRecoveryCodes, newTotpSecret, recoveryCodeKey } from '#src/domain/two-factor.ts';
import { recordAudit } from './audit.ts';
import type { MockStore, MockUser } from './store-shape.ts';

// Two-factor sign-in over the mock store, by the server's rules (server/repositories/two-factor.ts)
// from src/domain: the same codes, the same replay refusal, recovery codes good once.

type Actor = { id: number; name: string };

/** A new secret, not yet in use: enable confirms it with a code. */
export function startSetup(row: MockUser): string {
  if (row.twoFactor?.on) throw fieldError('code', TWO_FACTOR_ALREADY_ON);
  const secret = newTotpSecret();
  row.twoFactor = { secret, on: false, lastStep: null, recoveryCodes: [] };
  return secret;
}

/** Takes a code once: a TOTP code later than the last one used, or an unused recovery code. */
export function takeCode(row: MockUser, code: string, now = Date.now()): boolean {
  const factor = row.twoFactor;
  if (!factor?.on) return false;
  const step = acceptedTotpStep(factor.secret, code, factor.lastStep, now);
  if (step !== null) {
    factor.lastStep = step;
    return true;
  }
  const index = factor.recoveryCodes.indexOf(recoveryCodeKey(code));
  if (index >= 0) factor.recoveryCodes.splice(index, 1);
  return index >= 0;
}

/** Turns it on once a code of the set-up's secret is right; answers the recovery codes. */
export function enableTwoFactor(store: MockStore, row: MockUser, code: string, now = Date.now()): string[] {
  const factor = row.twoFactor;
  if (factor?.on) throw fieldError('code', TWO_FACTOR_ALREADY_ON);
  if (!factor) throw fieldError('code', SETUP_FIRST);
  const step = acceptedTotpStep(factor.secret, code, null, now);
  if (step === null) throw fieldError('code', CODE_NOT_VALID);
  const codes = newRecoveryCodes();
  Object.assign(factor, { on: true, lastStep: step, recoveryCodes: codes.map(recoveryCodeKey) });
  recordAudit(store, row, { action: 'auth.2fa-enable', entityId: row.id, entityName: row.name, changes: {} });
  return codes;
}

/** Turns it off for `row`, with the entry of `action` (the user's own disable or an admin's reset). */
export function turnOffTwoFactor(store: MockStore, by: Actor, row: MockUser, action: AuditAction): void {
  delete row.twoFactor;
  recordAudit(store, by, { action, entityId: row.id, entityName: row.name, changes: {} });
}
