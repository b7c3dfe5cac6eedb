import type { Db } from '#server/db/connect.ts';
import type { Database } from '#server/db/schema.ts';

const tables = [
  'users',
  'sessions',
  'brands',
  'series',
  'models',
  'stock_logs',
  'variables',
  'variable_history',
  'settings',
  'images',
  'audit_log',
  'quotes',
  'quote_lines',
  'quote_sequences',
  'server_keys',
  'stamps',
  'seen_marks',
  'saved_views',
  'recovery_codes',
  'mfa_tickets',
  'passkeys',
  'passkey_challenges',
  'event_tickets',
] as const;
// The login throttle's counts are written by every refused sign-in by design (an attempt counts
// as it starts): bookkeeping, not data a refusal could change. So is SQLite's import lock (a row
// only while an import runs; no such table on PostgreSQL).
type Bookkeeping = 'login_attempts' | 'import_lock';
// A table added to the schema but not listed above stops this file from type-checking.
const everyTable: Exclude<keyof Database, (typeof tables)[number] | Bookkeeping> extends never ? true : never = true;
void everyTable;

/** Every row of every table, in a stable order: two equal snapshots mean nothing was written. */
export async function snapshot(db: Db): Promise<string> {
  const rows: Record<string, string[]> = {};
  for (const table of tables) {
    const found = (await db.selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
    // Image bytes are compared by the hash that names them. A session's last-seen time is the
    // session check's bookkeeping (raised once a minute by any call, a refused one too), not data.
    rows[table] = found.map((row) => JSON.stringify({ ...row, bytes: undefined, last_seen_at: undefined })).sort();
  }
  return JSON.stringify(rows);
}
