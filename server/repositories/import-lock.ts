import { PostgresAdapter, sql } from 'kysely';
import { fieldError } from '#src/contract/errors.ts';
import { fieldMessages } from '#src/contract/messages.ts';
import type { Db } from '#server/db/connect.ts';

// Imports run one at a time per database (docs/design.md §8.9): two at once used to deadlock on
// PostgreSQL (each updating models the other had locked, in opposite orders).

/** The key of PostgreSQL's advisory lock of an import; any number the app uses once (startup-lock.ts has another). */
const IMPORT_LOCK = 7_260_119;

/** A second import meanwhile: 422 under `file`. */
export const importRunning = () => fieldError('file', fieldMessages.importRunning);

/**
 * Takes the database's import lock for the rest of the transaction `trx`, as its first statement,
 * or answers 422 under `file` when another import holds it. PostgreSQL: a transaction-level
 * advisory lock, tried without waiting, so server processes exclude each other. SQLite: nothing
 * to take, since every transaction begins IMMEDIATE and so already holds the file's write lock
 * (server/db/sqlite-immediate.ts): nothing can change what the import reads until it commits;
 * within a process the route refuses a second import (its transaction would only queue on the one
 * connection); across processes a second one waits for the first and then runs.
 */
export async function takeImportLock(trx: Db): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(${IMPORT_LOCK}) AS locked`.execute(trx);
    if (!rows[0]?.locked) throw importRunning();
  }
}
