import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { promisify } from 'node:util';
import { createPasswordGate, PASSWORD_WORK } from './password-work.ts';

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number, options: ScryptOptions) => Promise<Buffer>;

/** scrypt's work factors: the cost of one hash, and of one check of a hash made with them. */
export type PasswordCost = { N: number; r: number; p: number };

// OWASP's scrypt advice: N=2^17, r=8, p=1. That needs 128 MiB, over Node's 32 MiB default maxmem.
export const OWASP_COST: PasswordCost = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
const maxmem = (p: { N: number; r: number }) => 128 * p.N * p.r * 2;
/** Every hash of the process takes its turn here (see password-work.ts). */
const gate = createPasswordGate(PASSWORD_WORK);

const weakerThanOwasp = (cost: PasswordCost) => cost.N < OWASP_COST.N || cost.r < OWASP_COST.r || cost.p < OWASP_COST.p;

/** `scrypt$N$r$p$salt$hash`, base64: the parameters travel with the hash so they can be raised later. */
const format = (cost: PasswordCost, salt: Buffer, key: Buffer) =>
  ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');

/**
 * Checks a password against a stored hash, at the cost the hash was made with. `clientGone` drops
 * the work while it waits its turn, once nobody is left to answer.
 */
export async function verifyPassword(password: string, stored: string, clientGone?: AbortSignal): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const expected = Buffer.from(hash, 'base64');
  const actual = await gate(
    () => scrypt(password, Buffer.from(salt, 'base64'), expected.length, { ...params, maxmem: maxmem(params) }),
    clientGone,
  );
  return timingSafeEqual(actual, expected);
}

export type Passwords = {
  /** A new hash at this cost. */
  hash(password: string, clientGone?: AbortSignal): Promise<string>;
  /** True when a stored hash was made at another cost than this one, so sign-in re-hashes it. */
  needsRehash(stored: string): boolean;
  /** Burns the same work as a real check, so an unknown username answers like a wrong password. */
  verifyAgainstNothing(password: string, clientGone?: AbortSignal): Promise<false>;
};

/**
 * Hashing at one cost. Production always uses OWASP's; the test suites lower it in code (as
 * Laravel's BCRYPT_ROUNDS=4 in phpunit.xml), so that thousands of sign-ins do not each take a
 * fraction of a second. A lower cost is refused outside NODE_ENV=test, so a slip in code cannot
 * weaken a real server either.
 */
export function passwordsAt(cost: PasswordCost = OWASP_COST): Passwords {
  if (weakerThanOwasp(cost) && process.env.NODE_ENV !== 'test') {
    throw new Error(`scrypt N=${cost.N}, r=${cost.r}, p=${cost.p} is below OWASP's advice: only tests (NODE_ENV=test) may use it`);
  }
  // A hash of no password: this cost with a random salt and key. Checking against it costs
  // exactly one scrypt, as a real check does, from the very first call.
  const nothing = format(cost, randomBytes(16), randomBytes(KEY_LENGTH));
  return {
    async hash(password, clientGone) {
      const salt = randomBytes(16);
      const key = await gate(() => scrypt(password, salt, KEY_LENGTH, { ...cost, maxmem: maxmem(cost) }), clientGone);
      return format(cost, salt, key);
    },
    needsRehash(stored) {
      const [, n, r, p] = stored.split('$');
      return Number(n) !== cost.N || Number(r) !== cost.r || Number(p) !== cost.p;
    },
    async verifyAgainstNothing(password, clientGone) {
      await verifyPassword(password, nothing, clientGone);
      return false;
    },
  };
}

/** OWASP's cost: for the first admin, the demo and bench data, and every server not told otherwise. */
export const { hash: hashPassword } = passwordsAt();
