import { hash } from 'node:crypto';
import { fieldError } from '#src/contract/errors.ts';
import { nameKey } from '#src/domain/names.ts';
import { nameSkeletons, usernameSkeleton } from '#src/domain/skeleton.ts';

// One call, not createHash().update().digest(): half the time, which an import's 20,000 digests notice.
const digest = (skeleton: string): string => hash('sha256', skeleton, 'hex');

/**
 * What a username's uniqueness is kept by. The skeleton is stored as its SHA-256: a skeleton can
 * be twenty times its name in bytes (a Hangul syllable becomes three jamo, then their look-alikes),
 * beyond what PostgreSQL may index; its digest is 64 characters whatever the name.
 */
export const skeletonDigest = (username: string): string => digest(usernameSkeleton(username));

/** A brand's, series' or model's name's two look-alike skeletons (src/domain/skeleton.ts), as digests too. */
export function nameSkeletonDigests(name: string) {
  const { shown, capitals } = nameSkeletons(name);
  return { name_skeleton: digest(shown), name_caps_skeleton: digest(capitals) };
}

/** A brand's, series' or model's name with the key columns that keep it unique within its parent (§8.9). */
export const nameColumns = (name: string) => ({ name, name_key: nameKey(name), ...nameSkeletonDigests(name) });

/** A username with the key columns that keep it unique. */
export const usernameColumns = (username: string) => ({
  username,
  username_key: nameKey(username),
  username_skeleton: skeletonDigest(username),
});

/** True for a unique-constraint failure on either database, so a race still answers 422, not 500. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; errcode?: number; message?: string };
  if (e?.code === '23505') return true;
  // SQLITE_CONSTRAINT_UNIQUE (2067) and SQLITE_CONSTRAINT_PRIMARYKEY (1555).
  return e?.errcode === 2067 || e?.errcode === 1555 || /UNIQUE constraint failed/.test(e?.message ?? '');
}

/**
 * Runs a write whose only expected failure is a taken name: the database's unique index decides
 * (no check-then-insert race), and the client gets the message under the field.
 */
export async function writeUniquely<T>(field: string, message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw isUniqueViolation(error) ? fieldError(field, message) : error;
  }
}
