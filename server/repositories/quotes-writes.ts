import type { Insertable, Selectable, Updateable } from 'kysely';
import type { AuditAction, AuditChanges } from '#src/contract/audit.ts';
import type { CurrentUser } from '#src/contract/auth.ts';
import { fieldError } from '#src/contract/errors.ts';
import {
  quoteMessages,
  type CreateQuoteRequest,
  type LostReason,
  type QuoteLineInput,
  type StoredQuoteStatus,
} from '#src/contract/quotes.ts';
import { staleVersionMessage } from '#src/contract/versions.ts';
import { diffChanges } from '#src/domain/audit.ts';
import { addDays, businessDate, businessYear } from '#src/domain/business-time.ts';
import { nameKey } from '#src/domain/names.ts';
import {
  belowCostChange,
  fixedExchChange,
  lostChange,
  quoteAuditFields,
  quoteLinesText,
  revisedFromChange,
  supersededChange,
} from '#src/domain/quote-audit.ts';
import {
  allows,
  belowCost,
  effectiveStatus,
  grandTotal,
  mayGoBelowCost,
  quoteLabel,
  quoteNumber,
  type QuoteAction,
} from '#src/domain/quotes.ts';
import type { Business } from '#server/config.ts';
import type { Db } from '#server/db/connect.ts';
import type { Database, QuotesTable } from '#server/db/schema.ts';
import { recordAudit, recordAudits } from './audit.ts';
import { checkedLines, readCatalogue, type PricedLine } from './quotes-lines.ts';
import { nextQuoteSequence } from './quotes-numbering.ts';
import { keptRate, rateColumns, rateOf, todaysRate } from './quotes-rate.ts';
import { newShareToken } from './quotes-share.ts';
import { inTransaction } from './transaction.ts';
import { writeUniquely } from './unique.ts';
import { auditedUpdate } from './versions.ts';

// Every write of a quote (docs/design.md §8.1), each one transaction with its audit entry and, but
// for create and revise, the version its screen showed (auditedUpdate). The routes have found the
// quote among those the user may see; here it is read again under its write lock, so the status a
// write is allowed from is the one it changes. Win, with its stock, is in quotes-win.ts.

export type StoredQuote = Selectable<QuotesTable>;

const readStored = (trx: Db, id: number): Promise<StoredQuote> =>
  trx.selectFrom('quotes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The quote's fields as its audit entries compare them (src/domain/quote-audit.ts). */
const quoteFields = (quote: Pick<StoredQuote, 'customer_name' | 'customer_phone' | 'note' | 'valid_until' | 'status'>) =>
  quoteAuditFields({
    customerName: quote.customer_name,
    customerPhone: quote.customer_phone,
    note: quote.note,
    validUntil: quote.valid_until,
    status: quote.status,
  });

const pricedText = (lines: readonly PricedLine[]) => quoteLinesText(lines.map((line) => ({ ...line, modelName: line.model.modelName })));

const belowCostOf = (lines: readonly PricedLine[], user: CurrentUser): AuditChanges =>
  belowCostChange(mayGoBelowCost(user) && belowCost(lines));

/** The stored lines' text, by the models' names now. */
async function storedLinesText(trx: Db, quoteId: number): Promise<string> {
  const rows = await trx
    .selectFrom('quote_lines')
    .innerJoin('models', 'models.id', 'quote_lines.model_id')
    .select(['quote_lines.qty', 'quote_lines.discount_per_unit', 'models.name'])
    .where('quote_lines.quote_id', '=', quoteId)
    .orderBy('quote_lines.line_no')
    .execute();
  return quoteLinesText(rows.map((row) => ({ qty: Number(row.qty), discountPerUnit: Number(row.discount_per_unit), modelName: row.name })));
}

/** The quote's lines as a request gives them, in their order. */
async function storedInput(trx: Db, quoteId: number): Promise<QuoteLineInput[]> {
  const rows = await trx
    .selectFrom('quote_lines')
    .select(['model_id', 'qty', 'discount_per_unit'])
    .where('quote_id', '=', quoteId)
    .orderBy('line_no')
    .execute();
  return rows.map((line) => ({ modelId: line.model_id, qty: Number(line.qty), discountPerUnit: Number(line.discount_per_unit) }));
}

const lineRows = (quoteId: number, lines: readonly QuoteLineInput[]): Insertable<Database['quote_lines']>[] =>
  lines.map((line, index) => ({
    quote_id: quoteId,
    line_no: index + 1,
    model_id: line.modelId,
    qty: line.qty,
    discount_per_unit: line.discountPerUnit,
  }));

/** The business day now, and the validity asked or the default, refused when before today. */
function validity(business: Business, asked: string | undefined, now: Date) {
  const today = businessDate(now, business.timeZone);
  const validUntil = asked ?? addDays(today, business.quoteValidityDays);
  if (validUntil < today) throw fieldError('validUntil', quoteMessages.validUntilPast);
  return { today, validUntil };
}

const customerColumns = (input: CreateQuoteRequest) => ({
  customer_name: input.customerName,
  customer_name_key: nameKey(input.customerName),
  customer_phone: input.customerPhone ?? null,
  note: input.note ?? '',
});

/** A new draft, revision 1 of the next number of the business year; answers its id. */
export async function createQuote(
  db: Db,
  user: CurrentUser,
  input: CreateQuoteRequest,
  business: Business,
  now = new Date(),
): Promise<number> {
  const { validUntil } = validity(business, input.validUntil, now);
  return inTransaction(db, async (trx) => {
    const rate = await todaysRate(trx);
    const lines = checkedLines(
      input.lines,
      await readCatalogue(
        trx,
        input.lines.map((line) => line.modelId),
      ),
      rate.variables,
      user,
    );
    const year = businessYear(now, business.timeZone);
    const number = quoteNumber(year, await nextQuoteSequence(trx, year));
    const values = {
      number,
      revision: 1,
      label_key: nameKey(quoteLabel(number, 1)),
      status: 'draft',
      ...customerColumns(input),
      valid_until: validUntil,
      created_by: user.id,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    };
    const { id } = await trx.insertInto('quotes').values(values).returning('id').executeTakeFirstOrThrow();
    await trx.insertInto('quote_lines').values(lineRows(id, input.lines)).execute();
    const changes = { ...diffChanges(null, { ...quoteFields(values), quoteLines: pricedText(lines) }), ...belowCostOf(lines, user) };
    await recordAudit(trx, user, { action: 'quote.create', entityId: id, entityName: quoteLabel(number, 1), changes }, now);
    return id;
  });
}

type Change = { columns: Updateable<QuotesTable>; more?: AuditChanges };

/**
 * One versioned change of a quote in its transaction: the stale version is refused first, then a
 * status that does not allow the action (docs/design.md §8.1), then `change` gives the columns.
 */
export function changeQuote(
  db: Db,
  user: CurrentUser,
  write: { id: number; version: number | undefined; action: QuoteAction; audit: AuditAction; today: string },
  change: (trx: Db, quote: StoredQuote) => Promise<Change>,
  now: Date,
): Promise<StoredQuote> {
  let more: AuditChanges = {};
  let current: StoredQuote | undefined;
  return auditedUpdate(
    db,
    user,
    {
      table: 'quotes',
      id: write.id,
      expectedVersion: write.version,
      read: async (trx) => (current = await readStored(trx, write.id)),
      set: async (trx) => {
        const quote = current!;
        if (write.version !== undefined && quote.version !== write.version) throw fieldError('version', staleVersionMessage);
        const status = effectiveStatus(quote.status as StoredQuoteStatus, quote.valid_until, write.today);
        if (!allows(write.action, status, user)) throw fieldError('status', quoteMessages.notChangeable);
        const result = await change(trx, quote);
        more = result.more ?? {};
        return result.columns;
      },
      audit: { action: write.audit, name: (quote) => quoteLabel(quote.number, quote.revision), fields: quoteFields, more: () => more },
    },
    now,
  );
}

/** A draft's new customer, validity and lines, checked at the rate it is priced at now. */
export async function updateQuote(
  db: Db,
  user: CurrentUser,
  id: number,
  version: number | undefined,
  input: CreateQuoteRequest,
  business: Business,
  now = new Date(),
): Promise<void> {
  const { today, validUntil } = validity(business, input.validUntil, now);
  const write = { id, version, action: 'update', audit: 'quote.update', today } as const;
  await changeQuote(
    db,
    user,
    write,
    async (trx, quote) => {
      const rate = await rateOf(trx, quote);
      const catalogue = await readCatalogue(
        trx,
        input.lines.map((line) => line.modelId),
      );
      const lines = checkedLines(input.lines, catalogue, rate.variables, user);
      const before = await storedLinesText(trx, id);
      await trx.deleteFrom('quote_lines').where('quote_id', '=', id).execute();
      await trx.insertInto('quote_lines').values(lineRows(id, input.lines)).execute();
      const after = pricedText(lines);
      const linesChange: AuditChanges = before === after ? {} : { quoteLines: [before, after] };
      return {
        columns: { ...customerColumns(input), valid_until: validUntil },
        more: { ...linesChange, ...belowCostOf(lines, user) },
      };
    },
    now,
  );
}

/**
 * Sends a draft: in this one transaction the rate is fixed (the one it kept, else today's, with
 * EXCH's set time), every line is checked again at it (the floor included) and keeps its model's
 * names, capacity and figures, the share token is made, and the number's earlier sent revisions
 * are superseded. Answers the token, for the link.
 */
export async function sendQuote(
  db: Db,
  user: CurrentUser,
  id: number,
  version: number | undefined,
  business: Business,
  now = new Date(),
): Promise<string> {
  const share = await newShareToken(db, business.shareLinkKey);
  const today = businessDate(now, business.timeZone);
  await inTransaction(db, async (trx) => {
    const sent = await changeQuote(
      trx,
      user,
      { id, version, action: 'send', audit: 'quote.send', today },
      async (inner, quote) => {
        const rate = keptRate(quote) ?? (await todaysRate(inner));
        const input = await storedInput(inner, id);
        const lines = checkedLines(
          input,
          await readCatalogue(
            inner,
            input.map((line) => line.modelId),
          ),
          rate.variables,
          user,
        );
        for (const line of lines)
          await inner
            .updateTable('quote_lines')
            .set({
              brand_name: line.model.brandName,
              series_name: line.model.seriesName,
              model_name: line.model.modelName,
              capacity_milli_kw: line.model.capacityMilliKw,
              unit_total: line.unitTotal,
              line_total: line.lineTotal,
            })
            .where('quote_id', '=', id)
            .where('line_no', '=', line.lineNo)
            .execute();
        return {
          columns: {
            status: 'sent',
            sent_at: now.toISOString(),
            ...rateColumns(rate),
            grand_total: grandTotal(lines),
            share_token_hash: share.hash,
            share_token_sealed: share.sealed,
          },
          more: { ...fixedExchChange(rate.variables.exch), ...belowCostOf(lines, user) },
        };
      },
      now,
    );
    await supersedeEarlier(trx, user, sent, now);
  });
  return share.token;
}

/** The number's other sent revisions (expired ones too) become superseded, each with its entry. */
async function supersedeEarlier(trx: Db, user: CurrentUser, sent: StoredQuote, now: Date) {
  const earlier = await trx
    .updateTable('quotes')
    .set((eb) => ({ status: 'superseded', updated_at: now.toISOString(), version: eb('version', '+', 1) }))
    .where('number', '=', sent.number)
    .where('status', '=', 'sent')
    .where('id', '<>', sent.id)
    .returning(['id', 'revision'])
    .execute();
  await recordAudits(
    trx,
    user,
    earlier.map((quote) => ({
      action: 'quote.update' as const,
      entityId: quote.id,
      entityName: quoteLabel(sent.number, quote.revision),
      changes: supersededChange,
    })),
    now,
  );
}

/**
 * A new draft of the quote's number with the next revision: the same owner, customer and lines, a
 * fresh default validity, and today's rate, or with keepRate (level 2, checked by the route) the
 * rate the quote was sent at, unless it has expired. One draft per number: the partial unique
 * index keeps it so when two revise at once. Answers the new id.
 */
export async function reviseQuote(
  db: Db,
  user: CurrentUser,
  id: number,
  keepRate: boolean,
  business: Business,
  now = new Date(),
): Promise<number> {
  const today = businessDate(now, business.timeZone);
  const draftExists = () => fieldError('id', quoteMessages.draftExists);
  return writeUniquely('id', quoteMessages.draftExists, () =>
    inTransaction(db, async (trx) => {
      const source = await readStored(trx, id);
      const status = effectiveStatus(source.status as StoredQuoteStatus, source.valid_until, today);
      if (!allows('revise', status, user)) throw fieldError('status', quoteMessages.notChangeable);
      const siblings = await trx.selectFrom('quotes').select(['revision', 'status']).where('number', '=', source.number).execute();
      if (siblings.some((sibling) => sibling.status === 'draft')) throw draftExists();
      // Only an unexpired revision's rate may be kept; an expired one is priced at today's, as the mocks do.
      const kept = keepRate && status !== 'expired' ? keptRate(source) : null;
      const revision = Math.max(...siblings.map((sibling) => sibling.revision)) + 1;
      const values = {
        number: source.number,
        revision,
        label_key: nameKey(quoteLabel(source.number, revision)),
        status: 'draft',
        customer_name: source.customer_name,
        customer_name_key: source.customer_name_key,
        customer_phone: source.customer_phone,
        note: source.note,
        valid_until: addDays(today, business.quoteValidityDays),
        created_by: source.created_by,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
        ...(kept ? rateColumns(kept) : {}),
      };
      const { id: newId } = await trx.insertInto('quotes').values(values).returning('id').executeTakeFirstOrThrow();
      const input = await storedInput(trx, id);
      await trx.insertInto('quote_lines').values(lineRows(newId, input)).execute();
      const changes = {
        ...diffChanges(null, { ...quoteFields(values), quoteLines: await storedLinesText(trx, newId) }),
        ...revisedFromChange(quoteLabel(source.number, source.revision), kept ? kept.variables.exch : null),
      };
      await recordAudit(
        trx,
        user,
        { action: 'quote.revise', entityId: newId, entityName: quoteLabel(source.number, revision), changes },
        now,
      );
      return newId;
    }),
  );
}

export type Decision = { id: number; version: number | undefined; today: string };

/** Marks a sent or expired quote lost, with its reason. */
export async function loseQuote(
  db: Db,
  user: CurrentUser,
  decision: Decision,
  reason: { reason: LostReason; reasonNote?: string | undefined },
  now = new Date(),
): Promise<void> {
  await changeQuote(
    db,
    user,
    { ...decision, action: 'lose', audit: 'quote.lose' },
    async () => ({
      columns: { status: 'lost', decided_at: now.toISOString(), lost_reason: reason.reason, lost_note: reason.reasonNote ?? null },
      more: lostChange(reason.reason, reason.reasonNote),
    }),
    now,
  );
}

/** Cancels a draft, or a sent or expired quote. */
export async function cancelQuote(db: Db, user: CurrentUser, decision: Decision, now = new Date()): Promise<void> {
  await changeQuote(
    db,
    user,
    { ...decision, action: 'cancel', audit: 'quote.cancel' },
    async () => ({ columns: { status: 'cancelled', decided_at: now.toISOString() } }),
    now,
  );
}
