import type { AuditChanges } from '#src/contract/audit.ts';
import { fieldError, HttpError, InputError } from '#src/contract/errors.ts';
import { messages } from '#src/contract/messages.ts';
import { quoteMessages, quoteSuccess, type CreateQuoteRequest, type Quote, type QuoteRow } from '#src/contract/quotes.ts';
import type { Variables } from '#src/contract/variables.ts';
import * as quoteAudit from '#src/domain/quote-audit.ts';
import { addDays, businessDate, businessYear, DEFAULT_BUSINESS_TIME_ZONE } from '#src/domain/business-time.ts';
import {
  allows,
  belowCost,
  DEFAULT_QUOTE_VALIDITY_DAYS,
  discountProblem,
  effectiveStatus,
  grandTotal,
  mayKeepRate,
  mayMoveStock,
  quoteLabel,
  quoteNumber,
  rateFor,
  seesEveryQuote,
  unitFigures,
  wonMoveNote,
  type QuoteAction,
} from '#src/domain/quotes.ts';
import type { SessionUser } from '#src/domain/roles.ts';
import { isSellable } from '#src/domain/sellable.ts';
import { QUANTITY_REMOVED } from '#src/domain/stock.ts';
import { auditedInsert } from '#mocks/audit.ts';
import { catalogue } from '#mocks/catalogue.ts';
import type { CatalogueRow } from '#mocks/store-shape.ts';
import { defineCall, type MockCall } from '#mocks/define-call.ts';
import { matchesSearch } from '#mocks/names.ts';
import { pagedAnswer } from '#mocks/paged-answer.ts';
import { quotePdf } from '#mocks/quote-pdf.ts';
import { exchSetAt, pricedLine, variablesOf } from '#mocks/quote-lines.ts';
import { nextId } from '#mocks/store.ts';
import type { MockFixedLine, MockQuote, MockQuoteLine, MockQuoteRate, MockStore } from '#mocks/store-shape.ts';
import { auditedUpdate, versionOf } from '#mocks/versions.ts';
import { logMove } from './stock.ts';

// Quotes (docs/design.md §8.1) as the server answers them, every rule from src/domain.

type Author = SessionUser & { id: number; name: string };

// The mocks' business day is the server's default one (mocks/handlers/settings.ts answers the same).
const ZONE = DEFAULT_BUSINESS_TIME_ZONE;
const today = () => businessDate(new Date(), ZONE);
const defaultValidUntil = () => addDays(today(), DEFAULT_QUOTE_VALIDITY_DAYS);
const statusOf = (quote: MockQuote) => effectiveStatus(quote.status, quote.validUntil, today());
const labelOf = (quote: MockQuote) => quoteLabel(quote.number, quote.revision);
const success = (responseMessage: string) => ({ responseMessage, responseFlag: 'success' as const });

/** Sales' others answer as an unknown id does. */
function findQuote(store: MockStore, user: SessionUser & { id: number }, id: number): MockQuote {
  const quote = store.quotes.find((row) => row.id === id);
  if (!quote || !visibleTo(user)(quote)) throw new HttpError(404, messages.notFound);
  return quote;
}
const visibleTo = (user: SessionUser & { id: number }) => (quote: MockQuote) => seesEveryQuote(user) || quote.createdBy === user.id;

function refuseUnless(action: QuoteAction, quote: MockQuote, user: SessionUser) {
  if (!allows(action, statusOf(quote), user)) throw fieldError('status', quoteMessages.notChangeable);
}

/** Today's variables, or those the quote was sent at or kept from its earlier revision. */
const rateOf = (store: MockStore, quote: MockQuote): MockQuoteRate =>
  quote.rate ?? { variables: variablesOf(store.variables), setAt: exchSetAt(store.variableHistory) };

function catalogueRow(store: MockStore, modelId: number): CatalogueRow | undefined {
  return catalogue(store).find(({ model }) => model.id === modelId);
}

function linesOf(store: MockStore, quote: MockQuote): (MockQuoteLine & MockFixedLine)[] {
  const { variables } = rateOf(store, quote);
  return quote.lines.map((line) => ({ ...line, ...(line.fixed ?? pricedLine(catalogueRow(store, line.modelId)!, line, variables)) }));
}

/**
 * The lines' checks at these variables, every line's messages at once under `lines.N.…`: an active
 * model, and a discount within the price and, but for Admins, the floor. Answers whether any line
 * sells under Cost, for the audit entry.
 */
function checkLines(store: MockStore, user: SessionUser, lines: readonly MockQuoteLine[], variables: Variables): boolean {
  const errors: Record<string, string[]> = {};
  const priced = lines.flatMap((line, index) => {
    const row = catalogueRow(store, line.modelId);
    if (!row || !isSellable(row.model, row.series, row.brand)) {
      errors[`lines.${index}.modelId`] = [row ? quoteMessages.inactiveModel : quoteMessages.invalidModel];
      return [];
    }
    const unit = unitFigures(row.model.priceUsd, variables);
    const problem = discountProblem(line, unit, user);
    if (problem) errors[`lines.${index}.discountPerUnit`] = [quoteMessages[problem]];
    return [{ discountPerUnit: line.discountPerUnit, unit }];
  });
  if (Object.keys(errors).length > 0) throw new InputError(errors);
  return belowCost(priced);
}

function checkValidUntil(validUntil: string | undefined) {
  if (validUntil !== undefined && validUntil < today()) throw fieldError('validUntil', quoteMessages.validUntilPast);
}

// The fields an entry compares (src/domain/quote-audit.ts); the lines as one text by the models'
// names now, so a changed line shows as a change.
const quoteFields = (store: MockStore) => (quote: MockQuote) => ({
  ...quoteAudit.quoteAuditFields(quote),
  quoteLines: quoteAudit.quoteLinesText(
    quote.lines.map((line) => ({ ...line, modelName: catalogueRow(store, line.modelId)?.model.name ?? '' })),
  ),
});

const inputLines = (lines: CreateQuoteRequest['lines']): MockQuoteLine[] =>
  lines.map(({ modelId, qty, discountPerUnit }) => ({ modelId, qty, discountPerUnit }));

function nextNumber(store: MockStore, now: Date): string {
  const year = businessYear(now, ZONE);
  const prefix = quoteNumber(year, 0).slice(0, -4);
  const taken = store.quotes.filter((quote) => quote.number.startsWith(prefix)).map((quote) => Number(quote.number.slice(prefix.length)));
  return quoteNumber(year, Math.max(0, ...taken) + 1);
}

function insertQuote(
  store: MockStore,
  user: Author,
  quote: Omit<MockQuote, 'id'>,
  audit: { action: 'quote.create' | 'quote.revise'; more: AuditChanges },
): number {
  const row: MockQuote = { ...quote, id: nextId(store.quotes) };
  auditedInsert(store, user, store.quotes, row, {
    action: audit.action,
    name: labelOf,
    fields: quoteFields(store),
    secret: audit.more,
  });
  return row.id;
}

/** Decides a sent or expired quote: won, lost or cancelled, when. */
function decide(store: MockStore, user: Author, quote: MockQuote, version: number | undefined, decision: Decision) {
  auditedUpdate(store, user, {
    record: quote,
    expectedVersion: version,
    check: () => {
      refuseUnless(decision.action, quote, user);
      decision.check?.();
    },
    set: (row) => {
      row.status = decision.status;
      row.decidedAt = new Date().toISOString();
      decision.set?.(row);
    },
    audit: { action: `quote.${decision.action}` as const, name: labelOf, fields: quoteFields(store), secret: decision.more ?? {} },
  });
}
type Decision = {
  action: 'win' | 'lose' | 'cancel';
  status: 'won' | 'lost' | 'cancelled';
  check?: () => void;
  set?: (quote: MockQuote) => void;
  more?: AuditChanges;
};

function shareUrlOf(quote: MockQuote): string | null {
  // The mocks have no PUBLIC_URL: the page's own origin stands for it.
  const origin = globalThis.location?.origin ?? 'http://localhost';
  return quote.shareToken === null ? null : `${origin}/q/${quote.shareToken}`;
}

function userName(store: MockStore, id: number): string {
  return store.users.find((user) => user.id === id)?.name ?? '';
}

function quoteRowOf(store: MockStore, quote: MockQuote): QuoteRow {
  return {
    id: quote.id,
    label: labelOf(quote),
    number: quote.number,
    revision: quote.revision,
    customerName: quote.customerName,
    status: statusOf(quote),
    validUntil: quote.validUntil,
    grandTotal: grandTotal(linesOf(store, quote)),
    createdByName: userName(store, quote.createdBy),
    createdAt: quote.createdAt,
    sentAt: quote.sentAt,
  };
}

function quoteOf(store: MockStore, user: Author, quote: MockQuote): Quote {
  const rate = rateOf(store, quote);
  const seesStock = mayMoveStock(user);
  const lines = linesOf(store, quote).map((line, index) => ({
    lineNo: index + 1,
    modelId: line.modelId,
    brandName: line.brandName,
    seriesName: line.seriesName,
    modelName: line.modelName,
    modelCapacityKW: line.modelCapacityKW,
    qty: line.qty,
    unitTotal: line.unitTotal,
    discountPerUnit: line.discountPerUnit,
    lineTotal: line.lineTotal,
    ...(seesStock && { inStock: catalogueRow(store, line.modelId)?.model.quantity ?? 0 }),
  }));
  return {
    ...quoteRowOf(store, quote),
    customerPhone: quote.customerPhone,
    note: quote.note,
    decidedAt: quote.decidedAt,
    lostReason: quote.lostReason,
    lostNote: quote.lostNote,
    version: versionOf(quote),
    rate: rateFor(user, rate.variables, quote.sentAt !== null, rate.setAt),
    lines,
    grandTotal: grandTotal(lines),
    shareUrl: shareUrlOf(quote),
    revisions: store.quotes
      .filter((row) => row.number === quote.number && visibleTo(user)(row))
      .sort((a, b) => a.revision - b.revision)
      .map((row) => ({ id: row.id, revision: row.revision, status: statusOf(row) })),
  };
}

const newestFirst = (a: MockQuote, b: MockQuote) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export const quoteCalls: MockCall[] = [
  defineCall('quotes', ({ body, store, user }) => {
    const { status, search } = body.filters;
    const rows = store.quotes
      .filter(visibleTo(user))
      .filter((quote) => (status === undefined || statusOf(quote) === status) && matchesSearch(search, labelOf(quote), quote.customerName))
      .sort(newestFirst)
      .map((quote) => quoteRowOf(store, quote));
    return pagedAnswer('quotes', body, rows);
  }),

  defineCall('quotes/get', ({ body, store, user }) => ({ quote: quoteOf(store, user, findQuote(store, user, body.id)) })),

  defineCall('quotes/create', ({ body, store, user }) => {
    checkValidUntil(body.validUntil);
    const lines = inputLines(body.lines);
    const below = checkLines(store, user, lines, variablesOf(store.variables));
    const now = new Date();
    const id = insertQuote(
      store,
      user,
      {
        number: nextNumber(store, now),
        revision: 1,
        status: 'draft',
        customerName: body.customerName,
        customerPhone: body.customerPhone ?? null,
        note: body.note ?? '',
        validUntil: body.validUntil ?? defaultValidUntil(),
        createdBy: user.id,
        createdAt: now.toISOString(),
        sentAt: null,
        decidedAt: null,
        lostReason: null,
        lostNote: null,
        rate: null,
        lines,
        shareToken: null,
      },
      { action: 'quote.create', more: quoteAudit.belowCostChange(below) },
    );
    return { ...success(quoteSuccess.created), id };
  }),

  defineCall('quotes/update', ({ body, store, user }) => {
    const quote = findQuote(store, user, body.id);
    const lines = inputLines(body.lines);
    let below = false;
    auditedUpdate(store, user, {
      record: quote,
      expectedVersion: body.version,
      check: () => {
        refuseUnless('update', quote, user);
        checkValidUntil(body.validUntil);
        below = checkLines(store, user, lines, rateOf(store, quote).variables);
      },
      set: (row) => {
        row.customerName = body.customerName;
        row.customerPhone = body.customerPhone ?? null;
        row.note = body.note ?? '';
        row.validUntil = body.validUntil ?? row.validUntil;
        row.lines = lines;
      },
      audit: {
        action: 'quote.update',
        name: labelOf,
        fields: quoteFields(store),
        get secret() {
          return quoteAudit.belowCostChange(below);
        },
      },
    });
    return success(quoteSuccess.updated);
  }),

  // Fixes the variables and every line's names and figures; an earlier sent revision is superseded.
  defineCall('quotes/send', ({ body, store, user }) => {
    const quote = findQuote(store, user, body.id);
    const rate = rateOf(store, quote);
    let below = false;
    auditedUpdate(store, user, {
      record: quote,
      expectedVersion: body.version,
      check: () => {
        refuseUnless('send', quote, user);
        checkValidUntil(quote.validUntil);
        below = checkLines(store, user, quote.lines, rate.variables);
      },
      set: (row) => {
        row.status = 'sent';
        row.sentAt = new Date().toISOString();
        row.rate = rate;
        row.lines = linesOf(store, row).map(({ modelId, qty, discountPerUnit, ...fixed }) => ({ modelId, qty, discountPerUnit, fixed }));
        row.shareToken = randomToken();
      },
      audit: {
        action: 'quote.send',
        name: labelOf,
        fields: quoteFields(store),
        get secret() {
          return { ...quoteAudit.fixedExchChange(rate.variables.exch), ...quoteAudit.belowCostChange(below) };
        },
      },
    });
    for (const earlier of store.quotes.filter((row) => row.number === quote.number && row.id !== quote.id && row.status === 'sent')) {
      auditedUpdate(store, user, {
        record: earlier,
        set: (row) => {
          row.status = 'superseded';
        },
        audit: { action: 'quote.update', name: labelOf, fields: quoteFields(store) },
      });
    }
    return { ...success(quoteSuccess.sent), shareUrl: shareUrlOf(quote)! };
  }),

  defineCall('quotes/revise', ({ body, store, user }) => {
    const source = findQuote(store, user, body.id);
    if (body.keepRate === 1 && !mayKeepRate(user)) throw new HttpError(403, messages.forbidden);
    refuseUnless('revise', source, user);
    const sameNumber = store.quotes.filter((row) => row.number === source.number);
    if (sameNumber.some((row) => row.status === 'draft')) throw fieldError('id', quoteMessages.draftExists);
    // Only an unexpired revision's rate may be kept; an expired one is priced at today's.
    const keep = body.keepRate === 1 && statusOf(source) !== 'expired' && source.rate !== null;
    const id = insertQuote(
      store,
      user,
      {
        ...source,
        revision: Math.max(...sameNumber.map((row) => row.revision)) + 1,
        status: 'draft',
        validUntil: defaultValidUntil(),
        createdAt: new Date().toISOString(),
        sentAt: null,
        decidedAt: null,
        lostReason: null,
        lostNote: null,
        rate: keep ? source.rate : null,
        lines: source.lines.map(({ modelId, qty, discountPerUnit }) => ({ modelId, qty, discountPerUnit })),
        shareToken: null,
        version: 1,
      },
      { action: 'quote.revise', more: quoteAudit.revisedFromChange(labelOf(source), keep ? source.rate!.variables.exch : null) },
    );
    return { ...success(quoteSuccess.revised), id };
  }),

  // With stock out, every line leaves the stock as models/remove-stock does, or none does.
  defineCall('quotes/win', ({ body, store, user }) => {
    if (body.stockOut === 1 && !mayMoveStock(user)) throw new HttpError(403, messages.forbidden);
    const quote = findQuote(store, user, body.id);
    const note = wonMoveNote(labelOf(quote));
    const moves = body.stockOut === 1 ? quote.lines.map((line) => ({ line, model: catalogueRow(store, line.modelId)!.model })) : [];
    decide(store, user, quote, body.version, {
      action: 'win',
      status: 'won',
      check: () => {
        const short = moves.flatMap(({ model, line }, index) =>
          model.quantity < line.qty ? [[`lines.${index}.qty`, [quoteMessages.onlyInStock(model.quantity)]]] : [],
        );
        if (short.length > 0) throw new InputError(Object.fromEntries(short));
      },
      // The moves before the quote's own entry and in model-id order, as the server writes them.
      set: () => {
        for (const { model, line } of moves.toSorted((a, b) => a.model.id - b.model.id)) {
          model.quantity -= line.qty;
          logMove(store, user, model, { id: model.id, modelQuantity: line.qty, note }, QUANTITY_REMOVED);
        }
      },
      ...(body.stockOut === 1 && { more: quoteAudit.stockOutChange }),
    });
    return success(quoteSuccess.won);
  }),

  defineCall('quotes/lose', ({ body, store, user }) => {
    const quote = findQuote(store, user, body.id);
    decide(store, user, quote, body.version, {
      action: 'lose',
      status: 'lost',
      set: (row) => {
        row.lostReason = body.reason;
        row.lostNote = body.reasonNote ?? null;
      },
      more: quoteAudit.lostChange(body.reason, body.reasonNote),
    });
    return success(quoteSuccess.lost);
  }),

  defineCall('quotes/cancel', ({ body, store, user }) => {
    decide(store, user, findQuote(store, user, body.id), body.version, { action: 'cancel', status: 'cancelled' });
    return success(quoteSuccess.cancelled);
  }),

  defineCall('quotes/pdf', ({ body, store, user }) => quotePdf(quoteOf(store, user, findQuote(store, user, body.id)))),
];
