import type { UpdateResult } from 'kysely';
import { fieldError } from '#src/contract/errors.ts';
import { staleVersionMessage } from '#src/contract/versions.ts';

/** What an update call may send back: the version of the record it showed. */
export type Expected = { expectedVersion?: number | undefined };

/**
 * The update statements raise `version` and, when a version was sent, match it in their WHERE, so
 * the check and the write are one statement: no save can slip in between. A record that exists
 * (the routes check first) but matched no row was saved by someone else meanwhile.
 */
export function refuseIfStale(result: UpdateResult, { expectedVersion }: Expected): void {
  if (expectedVersion !== undefined && result.numUpdatedRows === 0n) throw fieldError('version', staleVersionMessage);
}
