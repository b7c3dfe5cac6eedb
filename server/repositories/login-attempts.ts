import { LOGIN_WINDOW_MS, retryAfterSeconds, type LoginThrottle } from '#src/domain/login-throttle.ts';
import type { Db } from '#server/db/connect.ts';

/**
 * The login throttle over counts kept in the database, so every server process on it shares them.
 * An attempt is one statement, atomic on both databases (an upsert that answers the new count):
 * `countAttempt` of src/domain written in SQL, since concurrent attempts from several processes
 * must not read a count and write it back. When an attempt starts a new count (a new key, or a
 * minute over), counts whose minute is over are deleted, so the table holds about the keys of the
 * last minute.
 */
export function databaseLoginThrottle(db: Db): LoginThrottle {
  return {
    async attempt(key, now = Date.now()) {
      const over = now - LOGIN_WINDOW_MS;
      const count = await db
        .insertInto('login_attempts')
        .values({ key, attempts: 1, window_start_ms: now })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet((eb) => ({
            attempts: eb
              .case()
              .when('login_attempts.window_start_ms', '<=', over)
              .then(1)
              .else(eb('login_attempts.attempts', '+', 1))
              .end(),
            window_start_ms: eb
              .case()
              .when('login_attempts.window_start_ms', '<=', over)
              .then(now)
              .else(eb.ref('login_attempts.window_start_ms'))
              .end(),
          })),
        )
        .returning(['attempts', 'window_start_ms'])
        .executeTakeFirstOrThrow();
      const windowStartMs = Number(count.window_start_ms);
      if (count.attempts === 1) await deleteExpiredAttempts(db, now);
      return retryAfterSeconds({ attempts: count.attempts, windowStartMs }, now);
    },
    async clear(key) {
      await db.deleteFrom('login_attempts').where('key', '=', key).execute();
    },
  };
}

/** Deletes the counts whose minute is over: they count nothing any more. */
export async function deleteExpiredAttempts(db: Db, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom('login_attempts')
    .where('window_start_ms', '<=', now - LOGIN_WINDOW_MS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
