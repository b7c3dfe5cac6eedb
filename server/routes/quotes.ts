import type { CurrentUser } from '#src/contract/auth.ts';
import { HttpError } from '#src/contract/errors.ts';
import { messages } from '#src/contract/messages.ts';
import { quoteSuccess } from '#src/contract/quotes.ts';
import { businessDate } from '#src/domain/business-time.ts';
import { mayKeepRate, mayMoveStock } from '#src/domain/quotes.ts';
import type { Business } from '#server/config.ts';
import { renderQuotePdf } from '#server/documents/quote-pdf.ts';
import { pagedAnswer } from '#server/http/paged-json.ts';
import { pdfAnswer } from '#server/http/pdf-answer.ts';
import type { Api } from '#server/http/register-call.ts';
import type { Db } from '#server/db/connect.ts';
import { quoteDocument } from '#server/repositories/quotes-document.ts';
import { listQuotes } from '#server/repositories/quotes-list.ts';
import { findQuoteRecord, quoteView, toQuote, type QuoteRecord } from '#server/repositories/quotes-read.ts';
import { unsealShareToken } from '#server/repositories/quotes-share.ts';
import { winQuote } from '#server/repositories/quotes-win.ts';
import { readSettings } from '#server/repositories/settings.ts';
import { cancelQuote, createQuote, loseQuote, reviseQuote, sendQuote, updateQuote } from '#server/repositories/quotes-writes.ts';

const quotesPage = pagedAnswer('quotes');
const success = (responseMessage: string) => ({ responseMessage, responseFlag: 'success' as const });

/** The public link of a token: PUBLIC_URL + '/q/' + token. */
export const shareUrlOf = (business: Business, token: string) => `${business.publicUrl}/q/${token}`;

/** The link of a quote that has one, its token unsealed (null when the sealing key has changed since). */
export async function shareUrlOfQuote(db: Db, business: Business, record: QuoteRecord): Promise<string | null> {
  if (record.share_token_sealed === null) return null;
  const token = await unsealShareToken(db, business.shareLinkKey, record.share_token_sealed);
  return token === null ? null : shareUrlOf(business, token);
}

/**
 * Quotes (docs/design.md §8.1). Every call on one quote first finds it among those the user may
 * see: another salesperson's answers 404, as an unknown id does.
 */
export function quoteRoutes({ call, db, store }: Api, business: Business) {
  const today = () => businessDate(new Date(), business.timeZone);

  async function visible(id: number, user: CurrentUser): Promise<QuoteRecord> {
    const record = await findQuoteRecord(db, id, user);
    if (!record) throw new HttpError(404, messages.notFound);
    return record;
  }

  call('quotes', async ({ body, user, reply }) => quotesPage(reply, body, () => listQuotes(store, user, body.filters, body, today())));

  call('quotes/get', async ({ body, user }) => {
    const record = await visible(body.id, user);
    const day = today();
    return { quote: await toQuote(db, await quoteView(store, record, day), user, day, await shareUrlOfQuote(db, business, record)) };
  });

  call('quotes/pdf', async ({ body, user, reply }) => {
    const record = await visible(body.id, user);
    const view = await quoteView(store, record, today());
    const document = quoteDocument(view, await readSettings(db), business.timeZone, await shareUrlOfQuote(db, business, record));
    return pdfAnswer(reply, await renderQuotePdf(document), view.label);
  });

  call('quotes/create', async ({ body, user }) => ({ ...success(quoteSuccess.created), id: await createQuote(db, user, body, business) }));

  call('quotes/update', async ({ body: { id, version, ...input }, user }) => {
    await visible(id, user);
    await updateQuote(db, user, id, version, input, business);
    return success(quoteSuccess.updated);
  });

  call('quotes/send', async ({ body, user }) => {
    await visible(body.id, user);
    const token = await sendQuote(db, user, body.id, body.version, business);
    return { ...success(quoteSuccess.sent), shareUrl: shareUrlOf(business, token) };
  });

  call('quotes/revise', async ({ body, user }) => {
    await visible(body.id, user);
    if (body.keepRate === 1 && !mayKeepRate(user)) throw new HttpError(403, messages.forbidden);
    return { ...success(quoteSuccess.revised), id: await reviseQuote(db, user, body.id, body.keepRate === 1, business) };
  });

  call('quotes/win', async ({ body, user }) => {
    if (body.stockOut === 1 && !mayMoveStock(user)) throw new HttpError(403, messages.forbidden);
    await visible(body.id, user);
    await winQuote(db, user, { id: body.id, version: body.version, today: today() }, body.stockOut === 1);
    return success(quoteSuccess.won);
  });

  call('quotes/lose', async ({ body, user }) => {
    await visible(body.id, user);
    await loseQuote(db, user, { id: body.id, version: body.version, today: today() }, body);
    return success(quoteSuccess.lost);
  });

  call('quotes/cancel', async ({ body, user }) => {
    await visible(body.id, user);
    await cancelQuote(db, user, { id: body.id, version: body.version, today: today() });
    return success(quoteSuccess.cancelled);
  });
}
