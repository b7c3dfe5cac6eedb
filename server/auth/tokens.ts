import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes for the client; only the SHA-256 is stored, so a database leak holds no usable token. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
