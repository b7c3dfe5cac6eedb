import type { Variables } from '#src/contract/variables.ts';
import type { Db } from '#server/db/connect.ts';
import type { QuotesTable } from '#server/db/schema.ts';
import { lastExchChange } from './exch-history.ts';

// The variables a quote is priced at (docs/design.md §8.1): the ones it keeps (fixed by its send,
// or kept by a revision with keepRate), else today's.

/** Variables and when their EXCH was set (the pricing history's last EXCH change, else when the variables were last saved). */
export type PricedAt = { variables: Variables; setAt: string | null; fixed: boolean };

export async function todaysRate(db: Db): Promise<PricedAt> {
  const row = await db
    .selectFrom('variables')
    .select(['tr', 'exch', 'fare', 'duties', 'profit', 'updated_at'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  const change = await lastExchChange(db);
  const { tr, exch, fare, duties, profit } = row;
  return { variables: { tr, exch, fare, duties, profit }, setAt: change?.changedAt ?? row.updated_at, fixed: false };
}

/** A quote's columns that keep its rate, as a read of quote lines joined to their quote selects them (keptRate reads them). */
export const KEPT_RATE_COLUMNS = [
  'quotes.tr',
  'quotes.exch',
  'quotes.fare',
  'quotes.duties',
  'quotes.profit',
  'quotes.exch_set_at',
  'quotes.sent_at',
] as const;

type RateColumns = Pick<QuotesTable, 'tr' | 'exch' | 'fare' | 'duties' | 'profit' | 'exch_set_at' | 'sent_at'>;

/** The variables a quote keeps, or null when it follows today's; `fixed` once it was sent. */
export function keptRate(row: RateColumns): PricedAt | null {
  const { tr, exch, fare, duties, profit } = row;
  if (tr === null || exch === null || fare === null || duties === null || profit === null) return null;
  return { variables: { tr, exch, fare, duties, profit }, setAt: row.exch_set_at, fixed: row.sent_at !== null };
}

/** A quote's rate: what it keeps, else today's. */
export const rateOf = async (db: Db, row: RateColumns): Promise<PricedAt> => keptRate(row) ?? todaysRate(db);

/** The columns that keep a rate. */
export const rateColumns = ({ variables, setAt }: PricedAt) => ({ ...variables, exch_set_at: setAt });
