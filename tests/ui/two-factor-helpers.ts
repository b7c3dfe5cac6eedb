import { getStore } from '#mocks/store.ts';
import type { MockUser } from '#mocks/store-shape.ts';
import { newRecoveryCodes, newTotpSecret, recoveryCodeKey, totpCode } from '#src/domain/two-factor.ts';

// Two-factor sign-in set up in the mock store, as a test starts from it; the codes come from the
// same RFC 6238 rules as the server's (src/domain/two-factor.ts).

export const storedUser = (username: string): MockUser => getStore().users.find((row) => row.username === username)!;

/** Turns two-factor on for a seeded user: the secret to make codes with and the recovery codes. */
export function turnOnTwoFactor(username: string) {
  const secret = newTotpSecret();
  const recoveryCodes = newRecoveryCodes();
  storedUser(username).twoFactor = { secret, on: true, lastStep: null, recoveryCodes: recoveryCodes.map(recoveryCodeKey) };
  return { secret, recoveryCodes };
}

/** Now's code. */
export const codeNow = (secret: string) => totpCode(secret, Date.now());

/** A six-digit code that is none of the three the server would take now, so it is surely wrong. */
export function wrongCode(secret: string): string {
  const good = new Set([-1, 0, 1].map((step) => totpCode(secret, Date.now() + step * 30_000)));
  return ['000000', '111111', '222222', '333333'].find((code) => !good.has(code))!;
}
