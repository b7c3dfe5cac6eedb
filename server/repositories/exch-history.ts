import type { RatePoint } from '#src/contract/dashboard.ts';
import type { Db } from '#server/db/connect.ts';

// The exchange rate's past, for the dashboard, from the pricing history (docs/design.md §7.2).

export type ExchChange = { changedAt: string; changedBy: string };

const exchChanges = (db: Db) =>
  db
    .selectFrom('variable_history')
    .innerJoin('users', 'users.id', 'variable_history.user_id')
    .where('variable_history.variable', '=', 'exch');

/** When and by whom the exchange rate last changed; null when no change is on record. */
export async function lastExchChange(db: Db): Promise<ExchChange | null> {
  const row = await exchChanges(db)
    .select(['variable_history.created_at', 'users.name'])
    .orderBy('variable_history.created_at', 'desc')
    .orderBy('variable_history.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { changedAt: row.created_at, changedBy: row.name } : null;
}

/** The rate's changes since `since`, oldest first, for the 90-day sparkline. */
export async function exchPointsSince(db: Db, since: Date): Promise<RatePoint[]> {
  const rows = await exchChanges(db)
    .select(['variable_history.created_at', 'variable_history.new_value'])
    .where('variable_history.created_at', '>=', since.toISOString())
    .orderBy('variable_history.created_at')
    .orderBy('variable_history.id')
    .execute();
  return rows.map((row) => ({ createdAt: row.created_at, value: row.new_value }));
}
