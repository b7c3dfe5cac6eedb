import type { Selectable } from 'kysely';
import type { LostReason, Quote, QuoteLine, QuoteStatus, StoredQuoteStatus } from '#src/contract/quotes.ts';
import { effectiveStatus, grandTotal, quoteLabel, rateFor, seesEveryQuote } from '#src/domain/quotes.ts';
import type { SessionUser } from '#src/domain/roles.ts';
import type { Db, Store } from '#server/db/connect.ts';
import type { QuotesTable } from '#server/db/schema.ts';
import { CATALOGUE_COLUMNS, catalogueModelOf, priceLine, type CatalogueModel, type PricedLine } from './quotes-lines.ts';
import { modelsWithNames } from './models-list.ts';
import { readRowsInSlices } from './read-page.ts';
import { kwFromMilli } from './model-units.ts';
import { KEPT_RATE_COLUMNS, keptRate, todaysRate, type PricedAt } from './quotes-rate.ts';

// One quote as its readers see it (docs/design.md §8.1): Sales their own only, a draft priced at
// today's variables (or the ones it kept), a sent one as its send fixed it, `expired` derived.

export type QuoteRecord = Selectable<QuotesTable> & { created_by_name: string };

/** Quotes this user may see: all for Managers and Admins, their own for Sales; another's is as unknown. */
export function visibleQuotes(db: Db, user: SessionUser & { id: number }) {
  return db
    .selectFrom('quotes')
    .innerJoin('users', 'users.id', 'quotes.created_by')
    .$if(!seesEveryQuote(user), (query) => query.where('quotes.created_by', '=', user.id));
}

export async function findQuoteRecord(db: Db, id: number, user: SessionUser & { id: number }): Promise<QuoteRecord | undefined> {
  return visibleQuotes(db, user).selectAll('quotes').select('users.name as created_by_name').where('quotes.id', '=', id).executeTakeFirst();
}

/** The quote a share link's token opens, by the token's hash; no sign-in, so no one's view limits it. */
export async function findSharedQuote(db: Db, tokenHash: string): Promise<QuoteRecord | undefined> {
  return db
    .selectFrom('quotes')
    .innerJoin('users', 'users.id', 'quotes.created_by')
    .selectAll('quotes')
    .select('users.name as created_by_name')
    .where('quotes.share_token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** A line as every reader of the quote sees it, with the model's stock now (shown to level 2 only). */
export type ViewLine = Omit<QuoteLine, 'inStock'> & { inStock: number };

export type QuoteView = {
  record: QuoteRecord;
  label: string;
  status: QuoteStatus;
  rate: PricedAt;
  lines: ViewLine[];
  grandTotal: number;
};

/** A draft's line with its model, its quote's kept rate and today's variables (`today_*`). */
const DRAFT_LINE_COLUMNS = [
  ...CATALOGUE_COLUMNS,
  'quote_lines.quote_id',
  'quote_lines.line_no',
  'quote_lines.qty',
  'quote_lines.discount_per_unit',
  ...KEPT_RATE_COLUMNS,
  'variables.tr as today_tr',
  'variables.exch as today_exch',
  'variables.fare as today_fare',
  'variables.duties as today_duties',
  'variables.profit as today_profit',
] as const;

/**
 * Drafts' lines priced now, by quote id: in one read, each line with its model as the catalogue
 * has it now, its quote's kept rate and today's variables, each priced at the rate its quote keeps,
 * else at today's. One round trip for a list page's drafts (bench: quotes list, PostgreSQL), read
 * through the RowReader so PostgreSQL parses the join once per connection.
 */
export async function draftLines(store: Store, draftIds: readonly number[]): Promise<Map<number, PricedLine[]>> {
  const byQuote = new Map<number, PricedLine[]>();
  if (draftIds.length === 0) return byQuote;
  const query = modelsWithNames(store.db)
    .innerJoin('quote_lines', 'quote_lines.model_id', 'models.id')
    .innerJoin('quotes', 'quotes.id', 'quote_lines.quote_id')
    .innerJoin('variables', (join) => join.on('variables.id', '=', 1))
    .select(DRAFT_LINE_COLUMNS)
    // Both sides named: PostgreSQL carries no IN list across a join, and read the whole of quotes
    // to hash it when only quote_lines had it (EXPLAIN at 10,000 quotes).
    .where('quote_lines.quote_id', 'in', draftIds)
    .where('quotes.id', 'in', draftIds)
    .orderBy('quote_lines.quote_id')
    .orderBy('quote_lines.line_no');
  type DraftLineRow = Awaited<ReturnType<typeof query.executeTakeFirstOrThrow>>;
  // A draft's lines are not bounded: past a slice, the reader fetches them a slice at a time.
  const rows = await readRowsInSlices(store, query, Number.MAX_SAFE_INTEGER, {
    columns: DRAFT_LINE_COLUMNS,
    rowOf: (row: DraftLineRow) => row,
  });
  for (const row of rows) {
    const variables = keptRate(row)?.variables ?? {
      tr: row.today_tr,
      exch: row.today_exch,
      fare: row.today_fare,
      duties: row.today_duties,
      profit: row.today_profit,
    };
    const input = { modelId: row.id, qty: Number(row.qty), discountPerUnit: Number(row.discount_per_unit) };
    const lines = byQuote.get(row.quote_id) ?? [];
    lines.push(priceLine(input, row.line_no, catalogueModelOf(row), variables));
    byQuote.set(row.quote_id, lines);
  }
  return byQuote;
}

const viewLineOfPriced = (line: PricedLine): ViewLine => ({
  lineNo: line.lineNo,
  modelId: line.modelId,
  ...modelNames(line.model),
  qty: line.qty,
  unitTotal: line.unitTotal,
  discountPerUnit: line.discountPerUnit,
  lineTotal: line.lineTotal,
  inStock: line.model.quantity,
});

const modelNames = (model: CatalogueModel) => ({
  brandName: model.brandName,
  seriesName: model.seriesName,
  modelName: model.modelName,
  modelCapacityKW: kwFromMilli(model.capacityMilliKw),
});

/** A sent (or later) quote's lines as its send fixed them, with each model's stock now. */
async function fixedLines(db: Db, quoteId: number): Promise<ViewLine[]> {
  const rows = await db
    .selectFrom('quote_lines')
    .innerJoin('models', 'models.id', 'quote_lines.model_id')
    .select([
      'quote_lines.line_no',
      'quote_lines.model_id',
      'quote_lines.qty',
      'quote_lines.discount_per_unit',
      'quote_lines.brand_name',
      'quote_lines.series_name',
      'quote_lines.model_name',
      'quote_lines.capacity_milli_kw',
      'quote_lines.unit_total',
      'quote_lines.line_total',
      'models.quantity',
    ])
    .where('quote_lines.quote_id', '=', quoteId)
    .orderBy('quote_lines.line_no')
    .execute();
  return rows.map((row) => ({
    lineNo: row.line_no,
    modelId: row.model_id,
    brandName: row.brand_name ?? '',
    seriesName: row.series_name ?? '',
    modelName: row.model_name ?? '',
    modelCapacityKW: kwFromMilli(row.capacity_milli_kw),
    qty: Number(row.qty),
    unitTotal: Number(row.unit_total),
    discountPerUnit: Number(row.discount_per_unit),
    lineTotal: Number(row.line_total),
    inStock: Number(row.quantity),
  }));
}

/** The quote as it reads today (`today`: the business day, for expiry). */
export async function quoteView(store: Store, record: QuoteRecord, today: string): Promise<QuoteView> {
  const { db } = store;
  const kept = keptRate(record);
  let lines: ViewLine[];
  let rate: PricedAt;
  // A quote never sent (a draft, or one cancelled as a draft) has no figures of its own.
  if (record.sent_at === null) {
    rate = kept ?? (await todaysRate(db));
    lines = ((await draftLines(store, [record.id])).get(record.id) ?? []).map(viewLineOfPriced);
  } else {
    rate = kept!;
    lines = await fixedLines(db, record.id);
  }
  return {
    record,
    label: quoteLabel(record.number, record.revision),
    status: effectiveStatus(record.status as StoredQuoteStatus, record.valid_until, today),
    rate,
    lines,
    grandTotal: record.grand_total === null ? grandTotal(lines) : Number(record.grand_total),
  };
}

/** Every revision of the quote's number this user may see, by revision. */
async function revisionsOf(db: Db, record: QuoteRecord, user: SessionUser & { id: number }, today: string) {
  const rows = await visibleQuotes(db, user)
    .select(['quotes.id', 'quotes.revision', 'quotes.status', 'quotes.valid_until'])
    .where('quotes.number', '=', record.number)
    .orderBy('quotes.revision')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    revision: row.revision,
    status: effectiveStatus(row.status as StoredQuoteStatus, row.valid_until, today),
  }));
}

/** quotes/get's answer: the rate as this user may see it, stock for level 2, the revisions, the link. */
export async function toQuote(
  db: Db,
  view: QuoteView,
  user: SessionUser & { id: number },
  today: string,
  shareUrl: string | null,
): Promise<Quote> {
  const { record } = view;
  const showsStock = seesEveryQuote(user);
  return {
    id: record.id,
    label: view.label,
    number: record.number,
    revision: record.revision,
    status: view.status,
    customerName: record.customer_name,
    customerPhone: record.customer_phone,
    note: record.note,
    validUntil: record.valid_until,
    createdByName: record.created_by_name,
    createdAt: record.created_at,
    sentAt: record.sent_at,
    decidedAt: record.decided_at,
    lostReason: record.lost_reason as LostReason | null,
    lostNote: record.lost_note,
    version: record.version,
    rate: rateFor(user, view.rate.variables, view.rate.fixed, view.rate.setAt),
    lines: view.lines.map(({ inStock, ...line }) => (showsStock ? { ...line, inStock } : line)),
    grandTotal: view.grandTotal,
    shareUrl,
    revisions: await revisionsOf(db, record, user, today),
  };
}
