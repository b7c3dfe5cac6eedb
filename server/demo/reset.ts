import { rmSync } from 'node:fs';
import { sql } from 'kysely';
import type { Connection, Db } from '#server/db/connect.ts';

// Everything the demo writes, children first so SQLite's foreign keys allow the deletes. The
// variables row stays: the migration owns it and the seed only updates it. A reset replaces the
// whole demo, so the audit log and the rate history of the old one go with it (no call ever deletes
// an entry or a history row).
const DEMO_TABLES = [
  'audit_log',
  'variable_history',
  'stock_logs',
  'quote_lines',
  'quotes',
  'quote_sequences',
  'stamps',
  'seen_marks',
  'saved_views',
  'recovery_codes',
  'mfa_tickets',
  'passkey_challenges',
  'passkeys',
  'models',
  'series',
  'brands',
  'event_tickets',
  'sessions',
  'users',
  'images',
] as const;

/** Removes a SQLite database file with its WAL and shared-memory companions. */
export function removeSqliteFiles(path: string): void {
  if (path === ':memory:') return;
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
}

/**
 * How many users the database already has, without creating anything: 0 when it is empty or
 * not migrated yet. Runs before the migration so a wrong URL is refused untouched.
 */
export async function countExistingUsers(db: Db): Promise<number> {
  const tables = await db.introspection.getTables();
  if (!tables.some((table) => table.name === 'users')) return 0;
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Empties the demo's tables inside the caller's transaction, so a failed seed keeps the old rows. */
export async function clearTables(db: Db, kind: Connection['kind']): Promise<void> {
  if (kind === 'postgres') {
    // One statement, ids restarted so a reset demo numbers its rows as a fresh one does. No
    // CASCADE: a table added later that points at these should stop the reset, not be emptied.
    await sql`truncate table ${sql.join(DEMO_TABLES.map((table) => sql.table(table)))} restart identity`.execute(db);
    return;
  }
  for (const table of DEMO_TABLES) await db.deleteFrom(table).execute();
  // AUTOINCREMENT keeps its counters here; the migration created this table with the first such key.
  await sql`delete from sqlite_sequence`.execute(db);
}
