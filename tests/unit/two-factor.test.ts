import { describe, expect, it } from 'vitest';
import { InputError } from '#src/contract/errors.ts';
import { multilineText } from '#src/contract/text.ts';
import { Secret } from 'otpauth';
import {
  acceptedTotpStep,
  levelCovers,
  mustSetUpSecondFactor,
  newRecoveryCodes,
  newTotpSecret,
  openWithoutSecondFactor,
  otpauthUrl,
  recoveryCodeKey,
  refuseLockingLevel,
  totpCode,
  totpStep,
} from '#src/domain/two-factor.ts';
import { deviceOf } from '#src/domain/sessions.ts';

const admin = { roleId: 1, isAdmin: 1 };
const manager = { roleId: 2, isAdmin: 0 };
const sales = { roleId: 3, isAdmin: 0 };

describe('the two-factor level (docs/design.md §8)', () => {
  it('covers nobody, admins, admins and managers, everyone', () => {
    const covered = ([0, 1, 2, 3] as const).map((level) => [admin, manager, sales].map((user) => levelCovers(level, user)));
    expect(covered).toEqual([
      [false, false, false],
      [true, false, false],
      [true, true, false],
      [true, true, true],
    ]);
  });

  it('refuses every level that covers an admin without a second factor, and none once they have one', () => {
    expect(() => refuseLockingLevel(0, admin, false)).not.toThrow();
    expect(() => refuseLockingLevel(undefined, admin, false)).not.toThrow();
    for (const level of [1, 2, 3] as const) {
      expect(() => refuseLockingLevel(level, admin, false)).toThrow(InputError);
      expect(() => refuseLockingLevel(level, admin, true)).not.toThrow();
    }
  });

  it('holds back a covered user without a second factor, from every call but the ones that let them set it up', () => {
    expect(mustSetUpSecondFactor(2, manager, false)).toBe(true);
    expect(mustSetUpSecondFactor(2, manager, true)).toBe(false);
    expect(mustSetUpSecondFactor(2, sales, false)).toBe(false);
    const open = ['me', 'auth/logout', 'settings', 'auth/2fa/setup', 'auth/2fa/enable', 'auth/2fa/disable'] as const;
    for (const call of open) expect(openWithoutSecondFactor(call), call).toBe(true);
    for (const call of ['models', 'auth/sessions', 'auth/change-password', 'settings/update', 'dashboard'] as const) {
      expect(openWithoutSecondFactor(call), call).toBe(false);
    }
  });
});

// RFC 6238 Appendix B: the SHA-1 secret is the ASCII of '12345678901234567890'; the RFC prints
// 8 digits, whose last 6 are the 6-digit code of the same step.
const RFC_SECRET = Secret.fromLatin1('12345678901234567890').base32;
const RFC_VECTORS: [seconds: number, eightDigits: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP codes (RFC 6238: SHA-1, 6 digits, 30 s)', () => {
  it('gives the RFC test vectors', () => {
    for (const [seconds, code] of RFC_VECTORS) expect(totpCode(RFC_SECRET, seconds * 1000), String(seconds)).toBe(code.slice(2));
  });

  it('accepts a code of the step before, now or after, and none further off', () => {
    const now = 1_111_111_111_000;
    for (const offset of [-1, 0, 1]) {
      const code = totpCode(RFC_SECRET, now + offset * 30_000);
      expect(acceptedTotpStep(RFC_SECRET, code, null, now), `offset ${offset}`).toBe(totpStep(now) + offset);
    }
    for (const offset of [-2, 2]) expect(acceptedTotpStep(RFC_SECRET, totpCode(RFC_SECRET, now + offset * 30_000), null, now)).toBeNull();
  });

  it('refuses a code of a step already used, or of one before it', () => {
    const now = 1_234_567_890_000;
    const code = totpCode(RFC_SECRET, now);
    const step = acceptedTotpStep(RFC_SECRET, code, null, now)!;
    expect(acceptedTotpStep(RFC_SECRET, code, step, now)).toBeNull();
    expect(acceptedTotpStep(RFC_SECRET, totpCode(RFC_SECRET, now - 30_000), step, now)).toBeNull();
    expect(acceptedTotpStep(RFC_SECRET, totpCode(RFC_SECRET, now + 30_000), step, now)).toBe(step + 1);
  });

  it('refuses what is not six digits', () => {
    const now = 59_000;
    expect(acceptedTotpStep(RFC_SECRET, '94287082', null, now)).toBeNull();
    expect(acceptedTotpStep(RFC_SECRET, ' 287082', null, now)).toBeNull();
    expect(acceptedTotpStep(RFC_SECRET, '287082', null, now)).toBe(1);
  });

  it("makes secrets of 160 bits and a link an authenticator reads, issued by 'AC Back-office'", () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const url = new URL(otpauthUrl(secret, 'maria'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/AC Back-office:maria');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      issuer: 'AC Back-office',
      secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});

describe('recovery codes', () => {
  it('are ten distinct codes of ten letters or digits, compared without case, spaces or the dash', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z0-9]{5}-[a-hjkmnp-z0-9]{5}$/);
    expect(recoveryCodeKey(' ABCDE-fghjk ')).toBe('abcdefghjk');
  });
});

describe("a session's device", () => {
  it('names the browser and the system from the User-Agent', () => {
    const chromeWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
    const edge = `${chromeWindows} Edg/131.0`;
    const safariIphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
    const firefoxLinux = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
    expect([chromeWindows, edge, safariIphone, firefoxLinux].map(deviceOf)).toEqual([
      'Chrome on Windows',
      'Edge on Windows',
      'Safari on iOS',
      'Firefox on Linux',
    ]);
    expect(deviceOf(null)).toBe('Unknown device');
    expect(deviceOf('curl/8.0')).toBe('Unknown device');
  });
});

describe('multilineText', () => {
  const schema = multilineText('text');
  it('keeps line breaks, CR LF as LF', () => {
    expect(schema.parse('a\r\nb\nc')).toBe('a\nb\nc');
  });
  it('refuses a lone CR, a tab and other control characters', () => {
    for (const value of ['a\rb', 'a\tb', 'a\u0000', 'a\u0085b']) expect(schema.safeParse(value).success).toBe(false);
  });
});
