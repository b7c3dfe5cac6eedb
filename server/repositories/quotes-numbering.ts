import type { Db } from '#server/db/connect.ts';

/**
 * The next number of a business year, in the transaction that creates the quote (docs/design.md
 * §8.1): the year's row is made if missing, then raised by one UPDATE … RETURNING, which holds the
 * row until the transaction ends. Another server's create waits for that row and reads the raised
 * value, so no number is handed out twice; a create that fails rolls its raise back, so none is
 * skipped.
 */
export async function nextQuoteSequence(trx: Db, year: number): Promise<number> {
  if (!trx.isTransaction) throw new Error('a quote number is taken in the transaction that creates the quote');
  await trx
    .insertInto('quote_sequences')
    .values({ year, last: 0 })
    .onConflict((conflict) => conflict.column('year').doNothing())
    .execute();
  const row = await trx
    .updateTable('quote_sequences')
    .set((eb) => ({ last: eb('last', '+', 1) }))
    .where('year', '=', year)
    .returning('last')
    .executeTakeFirstOrThrow();
  return Number(row.last);
}
