import type { Db } from '#server/db/connect.ts';

/**
 * Runs writes that belong together in one transaction: the caller's, when it is already in one
 * (the demo loader writes everything in one), or a new one. Kysely cannot nest transactions.
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
