import type { RatePoint } from '#src/contract/dashboard.ts';
import type { Db } from '#server/db/connect.ts';

// The exchange rate's past, for the dashboard. The history of the variables (docs/design.md §7.2)
// is another change's table; until it is merged, no change is on record, so these answer nothing.
// They are the one place the dashboard reads it: joining that table here is all the merge needs.

export type ExchChange = { changedAt: string; changedBy: string };

/** When and by whom the exchange rate last changed; null when no change is on record. */
export async function lastExchChange(db: Db): Promise<ExchChange | null> {
  void db;
  return null;
}

/** The rate's changes since `since`, oldest first, for the 90-day sparkline. */
export async function exchPointsSince(db: Db, since: Date): Promise<RatePoint[]> {
  void db;
  void since;
  return [];
}
