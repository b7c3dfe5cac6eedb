import { quoteStatuses, type QuoteStatus } from '#src/contract/quotes.ts';
import { statusCondition } from '#src/domain/quotes.ts';
import type { Db } from '#server/db/connect.ts';

/**
 * How many quotes are in each status as the app answers them, `expired` apart from `sent` by the
 * one rule (statusCondition), every status named, 0 included (GET /metrics). Two reads of the
 * status index: one count per stored status, then the sent quotes past their day.
 */
export async function quoteCounts(db: Db, today: string): Promise<Record<QuoteStatus, number>> {
  const stored = await db
    .selectFrom('quotes')
    .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
    .groupBy('status')
    .execute();
  const expired = statusCondition('expired', today);
  const { count: expiredCount } = await db
    .selectFrom('quotes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', '=', expired.stored)
    .where('valid_until', '<', expired.validBefore!)
    .executeTakeFirstOrThrow();
  const counts = Object.fromEntries(quoteStatuses.map((status) => [status, 0])) as Record<QuoteStatus, number>;
  for (const row of stored) counts[row.status as QuoteStatus] = Number(row.count);
  counts.expired = Number(expiredCount);
  counts[expired.stored] -= counts.expired;
  return counts;
}
