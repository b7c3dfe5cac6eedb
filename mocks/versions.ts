import { fieldError } from '#src/contract/errors.ts';
import { staleVersionMessage } from '#src/contract/versions.ts';

// Records start at version 1 and count their updates, as the server's `version` columns do
// (server/repositories/versions.ts); seeds may leave it out.
export type Versioned = { version?: number };

export const versionOf = (row: Versioned): number => row.version ?? 1;

/** Refuses a save made from an older copy of the record than the stored one. */
export function refuseIfStale(row: Versioned, expected: number | undefined): void {
  if (expected !== undefined && expected !== versionOf(row)) throw fieldError('version', staleVersionMessage);
}

/** Every successful update of a record raises its version by one. */
export function raiseVersion(row: Versioned): void {
  row.version = versionOf(row) + 1;
}
