import { describe, expect, it } from 'vitest';
import { hashPassword, OWASP_COST, passwordsAt, verifyPassword } from '#server/auth/passwords.ts';
import { readConfig } from '#server/config.ts';

const PASSWORD = 'password123';
const TOKEN_COST = { N: 2 ** 4, r: 8, p: 1 };

// The API suite's servers hash at a token cost (vitest.config.ts): these hold production to OWASP's.
describe('password hashing', () => {
  it('stores passwords as scrypt with N=2^17, r=8, p=1 and a 16-byte salt', async () => {
    const hash = await hashPassword(PASSWORD);
    const [scheme, n, r, p, salt, key] = hash.split('$');
    expect([scheme, n, r, p]).toEqual(['scrypt', '131072', '8', '1']);
    expect(hash.startsWith('scrypt$131072$8$1$')).toBe(true);
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
    expect(Buffer.from(key!, 'base64').length).toBeGreaterThanOrEqual(32);
    expect(hash).not.toContain(PASSWORD);
    expect(await verifyPassword(PASSWORD, hash)).toBe(true);
    expect(passwordsAt().needsRehash(hash)).toBe(false);
    // A deadline, not a measure: two scrypts at OWASP's cost take seconds on a loaded machine.
  }, 30_000);

  it('gives every server OWASP’s cost, whatever the environment says', () => {
    expect(OWASP_COST).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    const env = { PASSWORD_COST: '16', SCRYPT_N: '16', NODE_ENV: 'test', BCRYPT_ROUNDS: '4' };
    expect(readConfig(env).passwordCost).toEqual(OWASP_COST);
    expect(readConfig({}).passwordCost).toEqual(OWASP_COST);
  });

  it('refuses a cost below OWASP’s outside NODE_ENV=test', () => {
    const nodeEnv = process.env.NODE_ENV;
    try {
      for (const value of ['production', 'development', undefined]) {
        if (value === undefined) delete process.env.NODE_ENV;
        else process.env.NODE_ENV = value;
        expect(() => passwordsAt(TOKEN_COST)).toThrow(/only tests/);
        expect(() => passwordsAt({ ...OWASP_COST, r: 4 })).toThrow(/only tests/);
        expect(() => passwordsAt(OWASP_COST)).not.toThrow();
      }
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
  });

  it('at a token cost, does not re-hash its own hashes but re-hashes any other; every hash verifies', async () => {
    const token = passwordsAt(TOKEN_COST);
    const cheap = await token.hash(PASSWORD);
    expect(cheap.startsWith('scrypt$16$8$1$')).toBe(true);
    expect(token.needsRehash(cheap)).toBe(false);
    expect(token.needsRehash(`scrypt$131072$8$1$${cheap.split('$').slice(4).join('$')}`)).toBe(true);
    expect(passwordsAt().needsRehash(cheap)).toBe(true);
    expect(await verifyPassword(PASSWORD, cheap)).toBe(true);
    expect(await verifyPassword('wrong-password', cheap)).toBe(false);
    expect(await token.verifyAgainstNothing(PASSWORD)).toBe(false);
  });
});
