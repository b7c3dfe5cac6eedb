import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '#server/db/connect.ts';
import { sealer } from './sealing.ts';

// A sent quote's share link (docs/design.md §8.1): PUBLIC_URL + '/q/' + a random token of 256 bits.
// The public page finds the quote by the token's SHA-256, so the database never answers to the
// token as stored. quotes/get must still show the link to the people who may see the quote, so the
// token is also kept sealed (sealing.ts) under SHARE_LINK_KEY when set, else the database's own
// 'share-link' key. Re-making the token from a secret instead would work the same, but with the key
// in the database either way, sealing keeps the token as random as the rule asks and lets a
// deployment move the key out by configuration.

const TOKEN_BYTES = 32;
const KEY_NAME = 'share-link';

export type ShareToken = { token: string; hash: string; sealed: string };

export const hashShareToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The token's form in a link: base64url, so a path segment needs no escaping. */
export const shareTokenShape = /^[A-Za-z0-9_-]{43}$/;

/** A new token, its hash and its sealed form. */
export async function newShareToken(db: Db, configuredKey: string | undefined): Promise<ShareToken> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: hashShareToken(token), sealed: await sealer(db, KEY_NAME, configuredKey).seal(token) };
}

/** The token back from its sealed form; null when it cannot be opened (the key was changed since). */
export const unsealShareToken = (db: Db, configuredKey: string | undefined, sealed: string): Promise<string | null> =>
  sealer(db, KEY_NAME, configuredKey).unseal(sealed);
