import { connect } from '#server/db/connect.ts';
import { addDays, businessDate } from '#src/domain/business-time.ts';
import { databaseUrlVariable, type E2eDatabase } from './servers.ts';

/**
 * Moves a sent quote's validity to yesterday (in the server's default business time zone), straight
 * in the suite's database: no call may set a past date, and a journey cannot wait a day for a
 * quote to expire. Expiry is derived at every read (docs/design.md §8.1), so the server sees it at once.
 */
export async function backdateQuote(database: E2eDatabase, quoteId: number, timeZone: string) {
  const url = process.env[databaseUrlVariable(database)];
  if (!url) throw new Error(`No ${database} database: the suite's global setup starts it.`);
  const { db } = connect(url);
  try {
    const yesterday = addDays(businessDate(new Date(), timeZone), -1);
    await db.updateTable('quotes').set({ valid_until: yesterday }).where('id', '=', quoteId).execute();
  } finally {
    await db.destroy();
  }
}
