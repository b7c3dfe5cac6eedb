import { fieldError } from '#src/contract/errors.ts';

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
