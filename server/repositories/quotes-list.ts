import type { Selectable } from 'kysely';
import type { QuoteFilters, QuoteRow, StoredQuoteStatus } from '#src/contract/quotes.ts';
import { effectiveStatus, grandTotal, quoteLabel, seesEveryQuote, statusCondition } from '#src/domain/quotes.ts';
import type { SessionUser } from '#src/domain/roles.ts';
import type { Store } from '#server/db/connect.ts';
import type { QuotesTable } from '#server/db/schema.ts';
import { containsPattern, likePattern, mapSlices, readPage, type Page, type PageRequest } from './read-page.ts';
import { draftLines } from './quotes-read.ts';

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
    columns: LIST_COLUMNS,
    rowOf: (row: ListRecord) => row,
  });
  return { total, rows: mapSlices(rows, (slice) => quoteRows(store, slice, today)) };
}

/** A slice of the page as the list shows it. Quotes never sent (drafts, and drafts cancelled) have no total of their own. */
async function quoteRows(store: Store, rows: ListRecord[], today: string): Promise<QuoteRow[]> {
  const drafts = rows.filter((row) => row.grand_total === null).map((row) => row.id);
  const priced = await draftLines(store, drafts);
  return rows.map((row): QuoteRow => ({
    id: row.id,
    label: quoteLabel(row.number, row.revision),
    number: row.number,
    revision: row.revision,
    customerName: row.customer_name,
    status: effectiveStatus(row.status as StoredQuoteStatus, row.valid_until, today),
    validUntil: row.valid_until,
    grandTotal: row.grand_total === null ? grandTotal(priced.get(row.id) ?? []) : Number(row.grand_total),
    createdByName: row.created_by_name,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  }));
}
