import { sql } from 'kysely';
import type { Connection, Db } from './types.ts';

/** The key of PostgreSQL's advisory lock around start-up work; any number the app uses once. */
const STARTUP_LOCK = 7_260_118;

/**
 * Runs `task` (migrating, creating the first admin) while no other server process on this
 * database runs its own, so processes starting together do it once. The task works through the
 * `db` it is given, the one connection that holds the lock: on PostgreSQL a session advisory lock;
 * on SQLite a transaction begun IMMEDIATE, which holds the file's write lock (Kysely's migrator
 * takes none there, as SQLite's DDL runs outside its transactions), committed at the end.
 */
export async function withStartupLock<T>({ db, kind }: Connection, task: (locked: Db) => Promise<T>): Promise<T> {
  return db.connection().execute(async (locked) => {
    if (kind === 'sqlite') {
      await sql`BEGIN IMMEDIATE`.execute(locked);
      try {
        const result = await task(locked);
        await sql`COMMIT`.execute(locked);
        return result;
      } catch (error) {
        await sql`ROLLBACK`.execute(locked);
        throw error;
      }
    }
    await sql`SELECT pg_advisory_lock(${STARTUP_LOCK})`.execute(locked);
    try {
      return await task(locked);
    } finally {
      await sql`SELECT pg_advisory_unlock(${STARTUP_LOCK})`.execute(locked);
    }
  });
}
