import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { promisify } from 'node:util';
import { createPasswordGate, PASSWORD_WORK } from './password-work.ts';

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number, options: ScryptOptions) => Promise<Buffer>;

// OWASP's scrypt advice: N=2^17, r=8, p=1. That needs 128 MiB, over Node's 32 MiB default maxmem.
const PARAMS = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
const maxmem = (p: { N: number; r: number }) => 128 * p.N * p.r * 2;
/** Every hash of the process takes its turn here (see password-work.ts). */
const gate = createPasswordGate(PASSWORD_WORK);

/**
 * `scrypt$N$r$p$salt$hash`, base64: the parameters travel with the hash so they can be raised later.
 * `clientGone` drops the work while it waits its turn, once nobody is left to answer.
 */
export async function hashPassword(password: string, clientGone?: AbortSignal): Promise<string> {
  const salt = randomBytes(16);
  const key = await gate(() => scrypt(password, salt, KEY_LENGTH, { ...PARAMS, maxmem: maxmem(PARAMS) }), clientGone);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

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

/** True when a stored hash was made with weaker parameters than today's, so sign-in re-hashes it. */
export function needsRehash(stored: string): boolean {
  const [, n, r, p] = stored.split('$');
  return Number(n) !== PARAMS.N || Number(r) !== PARAMS.r || Number(p) !== PARAMS.p;
}

// A hash of no password: today's parameters with a random salt and key. Checking against it costs
// exactly one scrypt, as a real check does, from the very first call.
const NOTHING = [
  'scrypt',
  PARAMS.N,
  PARAMS.r,
  PARAMS.p,
  randomBytes(16).toString('base64'),
  randomBytes(KEY_LENGTH).toString('base64'),
].join('$');

/** Burns the same work as a real check, so an unknown username answers like a wrong password. */
export async function verifyAgainstNothing(password: string, clientGone?: AbortSignal): Promise<false> {
  await verifyPassword(password, NOTHING, clientGone);
  return false;
}
