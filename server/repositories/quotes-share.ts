import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Db } from '#server/db/connect.ts';

// A sent quote's share link (docs/design.md §8.1): PUBLIC_URL + '/q/' + a random token of 256 bits.
// The public page finds the quote by the token's SHA-256, so the database never answers to the
// token as stored. quotes/get must still show the link to the people who may see the quote, so the
// token is also kept sealed (AES-256-GCM) under a key outside the quote rows: SHARE_LINK_KEY when
// set, else one key made once per database and shared by every server on it. Re-making the token
// from a secret instead would work the same, but with the key in the database either way, sealing
// keeps the token as random as the rule asks and lets a deployment move the key out by configuration.

const TOKEN_BYTES = 32;
const KEY_NAME = 'share-link';
const IV_BYTES = 12;

export type ShareToken = { token: string; hash: string; sealed: string };

export const hashShareToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The token's form in a link: base64url, so a path segment needs no escaping. */
export const shareTokenShape = /^[A-Za-z0-9_-]{43}$/;

const keys = new WeakMap<Db, Promise<Buffer>>();

/** The sealing key: the configured one, or the database's own, made by the first server that needs it. */
function sealingKey(db: Db, configured: string | undefined): Promise<Buffer> {
  if (configured !== undefined) return Promise.resolve(createHash('sha256').update(configured).digest());
  let key = keys.get(db);
  if (!key) {
    key = (async () => {
      await db
        .insertInto('server_keys')
        .values({ name: KEY_NAME, value: randomBytes(32).toString('base64') })
        .onConflict((conflict) => conflict.column('name').doNothing())
        .execute();
      const row = await db.selectFrom('server_keys').select('value').where('name', '=', KEY_NAME).executeTakeFirstOrThrow();
      return Buffer.from(row.value, 'base64');
    })();
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

/** A new token, its hash and its sealed form. */
export async function newShareToken(db: Db, configuredKey: string | undefined): Promise<ShareToken> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', await sealingKey(db, configuredKey), iv);
  const sealed = Buffer.concat([iv, cipher.update(token, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
  return { token, hash: hashShareToken(token), sealed };
}

/** The token back from its sealed form; null when it cannot be opened (the key was changed since). */
export async function unsealShareToken(db: Db, configuredKey: string | undefined, sealed: string): Promise<string | null> {
  try {
    const bytes = Buffer.from(sealed, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', await sealingKey(db, configuredKey), bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
