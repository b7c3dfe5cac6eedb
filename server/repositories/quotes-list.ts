import type { Selectable } from 'kysely';
import type { QuoteFilters, QuoteRow, StoredQuoteStatus } from '#src/contract/quotes.ts';
import { preparePriceVariables, type PreparedPriceVariables } from '#src/domain/prices.ts';
import { effectiveStatus, quoteLabel, seesEveryQuote, statusCondition } from '#src/domain/quotes.ts';
import type { SessionUser } from '#src/domain/roles.ts';
import type { Store } from '#server/db/connect.ts';
import type { QuotesTable } from '#server/db/schema.ts';
import { containsPattern, likePattern, mapSlices, readPage, readRowsInSlices, type Page, type PageRequest } from './read-page.ts';
import { lineAt } from './quotes-lines.ts';
import { KEPT_RATE_COLUMNS, keptRate } from './quotes-rate.ts';

// The quotes list (docs/design.md §8.1): newest first, Sales their own only, filtered by status
// (`expired` and `sent` split the stored `sent` by the business day) and searched by label or
// customer name. A draft's total follows today's variables, so it is worked out for the page's
// drafts after the read; every other quote carries the total its send fixed.

const LIST_COLUMNS = [
  'quotes.id',
  'quotes.number',
  'quotes.revision',
  'quotes.customer_name',
  'quotes.status',
  'quotes.valid_until',
  'quotes.grand_total',
  'users.name as created_by_name',
  'quotes.created_at',
  'quotes.sent_at',
] as const;

type ListRecord = Pick<
  Selectable<QuotesTable>,
  'id' | 'number' | 'revision' | 'customer_name' | 'status' | 'valid_until' | 'grand_total' | 'created_at' | 'sent_at'
> & { created_by_name: string };

type ListValues = [
  id: ListRecord['id'],
  number: ListRecord['number'],
  revision: ListRecord['revision'],
  customerName: ListRecord['customer_name'],
  status: ListRecord['status'],
  validUntil: ListRecord['valid_until'],
  grandTotal: ListRecord['grand_total'],
  createdByName: ListRecord['created_by_name'],
  createdAt: ListRecord['created_at'],
  sentAt: ListRecord['sent_at'],
];

/**
 * A page's row from its values in LIST_COLUMNS' order, one object literal each, as the models list
 * makes its rows. Named column by column (read-page.ts's `columns`), each key was stored under a
 * name that changed each turn, V8's slowest kind of store: with the drafts' lines read the same
 * way, the list's CPU at 500 rows went from 2.0 to 1.6 ms (bench data, in-process, in turns).
 */
function listRecordOf(values: unknown[]): ListRecord {
  const [id, number, revision, customer_name, status, valid_until, grand_total, created_by_name, created_at, sent_at] =
    values as ListValues;
  return { id, number, revision, customer_name, status, valid_until, grand_total, created_by_name, created_at, sent_at };
}

export async function listQuotes(
  store: Store,
  user: SessionUser & { id: number },
  filters: QuoteFilters,
  page: PageRequest,
  today: string,
): Promise<Page<QuoteRow>> {
  // Filtered and counted on the quotes alone: the join for the author's name would cost the count
  // a lookup per quote (the bench measured it the largest part of the call), so only the page joins.
  let query = store.db.selectFrom('quotes').$if(!seesEveryQuote(user), (own) => own.where('quotes.created_by', '=', user.id));
  if (filters.status !== undefined) {
    const condition = statusCondition(filters.status, today);
    query = query.where('quotes.status', '=', condition.stored);
    if (condition.validFrom !== undefined) query = query.where('quotes.valid_until', '>=', condition.validFrom);
    if (condition.validBefore !== undefined) query = query.where('quotes.valid_until', '<', condition.validBefore);
  }
  if (filters.search) {
    const pattern = likePattern(containsPattern(filters.search));
    query = query.where((eb) => eb.or([eb('quotes.label_key', 'like', pattern), eb('quotes.customer_name_key', 'like', pattern)]));
  }
  const { total, rows } = await readPage(store, page, {
    counted: query,
    page: (limit, offset) =>
      query
        .innerJoin('users', 'users.id', 'quotes.created_by')
        .select(LIST_COLUMNS)
        .orderBy('quotes.id', 'desc')
        .limit(limit)
        .offset(offset),
    rowOfValues: listRecordOf,
  });
  return { total, rows: mapSlices(rows, (slice) => quoteRows(store, slice, today)) };
}

/** A slice of the page as the list shows it. Quotes never sent (drafts, and drafts cancelled) have no total of their own. */
async function quoteRows(store: Store, rows: ListRecord[], today: string): Promise<QuoteRow[]> {
  const drafts = rows.filter((row) => row.grand_total === null).map((row) => row.id);
  const totals = await draftTotals(store, drafts);
  return rows.map((row): QuoteRow => ({
    id: row.id,
    label: quoteLabel(row.number, row.revision),
    number: row.number,
    revision: row.revision,
    customerName: row.customer_name,
    status: effectiveStatus(row.status as StoredQuoteStatus, row.valid_until, today),
    validUntil: row.valid_until,
    grandTotal: Number(row.grand_total ?? totals.get(row.id) ?? 0),
    createdByName: row.created_by_name,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  }));
}

/** What a draft's total needs of each line: its model's price, its quote's kept rate and today's variables. */
const DRAFT_TOTAL_COLUMNS = [
  'quote_lines.quote_id',
  'quote_lines.qty',
  'quote_lines.discount_per_unit',
  'models.price_cents',
  ...KEPT_RATE_COLUMNS,
  'variables.exch as today_exch',
  'variables.fare as today_fare',
  'variables.duties as today_duties',
  'variables.profit as today_profit',
] as const;

/** A line's values in DRAFT_TOTAL_COLUMNS' order (read as they come, no object made per line: see listRecordOf). */
type DraftLineValues = [
  quoteId: number,
  qty: number,
  discountPerUnit: number,
  priceCents: number,
  tr: string | null,
  exch: string | null,
  fare: string | null,
  duties: string | null,
  profit: string | null,
  exchSetAt: string | null,
  sentAt: string | null,
  todayExch: string,
  todayFare: string,
  todayDuties: string,
  todayProfit: string,
];

/**
 * Drafts' totals now, by quote id, in one read: each line priced as the quote's view prices it
 * (quotes-read.ts, at the rate its quote keeps, else today's) but with only what a total needs,
 * not the model's names and flags: the view's read took a quarter of the list's CPU (bench,
 * SQLite: 26 columns and six tables for 100 lines, 0.4 ms). Today's variables are parsed once.
 */
async function draftTotals(store: Store, draftIds: readonly number[]): Promise<Map<number, bigint>> {
  const totals = new Map<number, bigint>();
  if (draftIds.length === 0) return totals;
  const query = store.db
    .selectFrom('quote_lines')
    .innerJoin('models', 'models.id', 'quote_lines.model_id')
    .innerJoin('quotes', 'quotes.id', 'quote_lines.quote_id')
    .innerJoin('variables', (join) => join.on('variables.id', '=', 1))
    .select(DRAFT_TOTAL_COLUMNS)
    // Both sides named, as the view's read does: PostgreSQL carries no IN list across a join.
    .where('quote_lines.quote_id', 'in', draftIds)
    .where('quotes.id', 'in', draftIds);
  // A draft's lines are not bounded: past a slice, the reader fetches them a slice at a time.
  const lines = await readRowsInSlices(store, query, Number.MAX_SAFE_INTEGER, { rowOfValues: (values) => values as DraftLineValues });
  let today: PreparedPriceVariables | undefined;
  for (const [quoteId, qty, discountPerUnit, priceCents, tr, exch, fare, duties, profit, exch_set_at, sent_at, ...todays] of lines) {
    const [todayExch, todayFare, todayDuties, todayProfit] = todays;
    const variables =
      keptRate({ tr, exch, fare, duties, profit, exch_set_at, sent_at })?.variables ??
      (today ??= preparePriceVariables({ exch: todayExch, fare: todayFare, duties: todayDuties, profit: todayProfit }));
    const line = lineAt(Number(priceCents), { qty: Number(qty), discountPerUnit: Number(discountPerUnit) }, variables);
    totals.set(quoteId, (totals.get(quoteId) ?? 0n) + BigInt(line.lineTotal));
  }
  return totals;
}
