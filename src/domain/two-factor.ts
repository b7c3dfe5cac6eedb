import { Secret, TOTP } from 'otpauth';
import type { CallName } from '#src/contract/calls.ts';
import { fieldError } from '#src/contract/errors.ts';
import { SECOND_FACTOR_FIRST, type TwoFactorLevel } from '#src/contract/settings.ts';
import { ROLE_MANAGER, type SessionUser } from './roles.ts';

// Two-factor sign-in (docs/design.md §8.5), the same on the server and in the mocks: who the
// settings' level asks for a second factor, TOTP codes (RFC 6238) and recovery codes.

/** Whether the level asks this user for a second factor: 1 admins, 2 admins and managers, 3 everyone. */
export function levelCovers(level: TwoFactorLevel, user: SessionUser): boolean {
  if (level === 0) return false;
  if (level === 3 || user.isAdmin === 1) return true;
  return level === 2 && user.roleId <= ROLE_MANAGER;
}

/** Whether the level holds this user back until they set up a second factor. */
export const mustSetUpSecondFactor = (level: TwoFactorLevel, user: SessionUser, hasSecondFactor: boolean) =>
  !hasSecondFactor && levelCovers(level, user);

/** What such a user may still call: who they are, sign out, the settings, and the calls that set a factor up. */
export const openWithoutSecondFactor = (call: CallName): boolean =>
  call === 'me' || call === 'auth/logout' || call === 'settings' || call.startsWith('auth/2fa/') || call.startsWith('auth/passkeys');

/** A level that would cover the admin saving it, while they have no second factor, would lock them out: 422. */
export function refuseLockingLevel(level: TwoFactorLevel | undefined, user: SessionUser, hasSecondFactor: boolean): void {
  if (level !== undefined && mustSetUpSecondFactor(level, user, hasSecondFactor)) {
    throw fieldError('twoFactorRequiredLevel', SECOND_FACTOR_FIRST);
  }
}

export const TOTP_ISSUER = 'AC Back-office';
const PERIOD_SECONDS = 30;

// RFC 6238's defaults, which every authenticator app reads: SHA-1, 6 digits, 30 s.
const totp = (secret: string, label = 'OTPAuth') =>
  new TOTP({ issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

/** 160 random bits (RFC 4226's recommended length), in base32 as authenticator apps take it typed. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The link a QR code carries: the app adds the account, named by issuer and username. */
export const otpauthUrl = (secret: string, username: string): string => totp(secret, username).toString();

/** The code of a time step (the RFC's test vectors, and tests that sign in). */
export const totpCode = (secret: string, timestampMs: number): string => totp(secret).generate({ timestamp: timestampMs });

/** The time step of an instant: what a used code is remembered by. */
export const totpStep = (timestampMs: number): number => Math.floor(timestampMs / (PERIOD_SECONDS * 1000));

/**
 * The step a code belongs to when it is one of now's, the step before or after, and later than
 * the last step used; else null. Refusing every step up to the last one used refuses a code used
 * once (RFC 6238 §5.2), and an older one seen by someone watching.
 */
export function acceptedTotpStep(secret: string, code: string, lastStep: number | null, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  const step = totpStep(now) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

export const RECOVERY_CODE_COUNT = 10;
// 32 letters and digits with none that read as another (no i, l, o, 1): 5 bits a character.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz023456789';
const RECOVERY_LENGTH = 10;

/** Ten codes of 50 random bits each, shown as `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const letters = Array.from(crypto.getRandomValues(new Uint8Array(RECOVERY_LENGTH)), (byte) => RECOVERY_ALPHABET[byte & 31]!);
    return `${letters.slice(0, 5).join('')}-${letters.slice(5).join('')}`;
  });
}

/** A recovery code as compared and stored (hashed): the dash and spaces dropped, lower case. */
export const recoveryCodeKey = (code: string): string => code.toLowerCase().replace(/[\s-]/g, '');

/** How long the second step of a sign-in may wait for its code. */
export const MFA_TICKET_MS = 5 * 60_000;
