import type { FastifyInstance, FastifyReply } from 'fastify';
import { businessDate } from '#src/domain/business-time.ts';
import type { StoredQuoteStatus } from '#src/contract/quotes.ts';
import { renderQuotePdf } from '#server/documents/quote-pdf.ts';
import { HTML_TYPE } from '#server/documents/html-page.ts';
import { renderGonePage, renderNotFoundPage, renderQuotePage } from '#server/documents/quote-page.ts';
import type { Business } from '#server/config.ts';
import type { Store } from '#server/db/connect.ts';
import { pdfAnswer } from '#server/http/pdf-answer.ts';
import { quoteDocument } from '#server/repositories/quotes-document.ts';
import { findSharedQuote, quoteView } from '#server/repositories/quotes-read.ts';
import { hashShareToken, shareTokenShape } from '#server/repositories/quotes-share.ts';
import { readSettings } from '#server/repositories/settings.ts';
import { shareUrlOf } from './quotes.ts';

// The customer's link (docs/design.md §8.1): `GET /q/:token` and its PDF, no sign-in. A quote the
// link no longer stands for (superseded, cancelled) is 410; a token no quote has, 404. Headers and
// throttle: public-pages.ts.

const GONE: readonly StoredQuoteStatus[] = ['superseded', 'cancelled'];

export function quotePageRoutes(app: FastifyInstance, store: Store, business: Business) {
  const { db } = store;
  /** The quote a token opens, or the reply already sent (404 or 410). */
  async function shared(token: string, reply: FastifyReply) {
    const record = shareTokenShape.test(token) ? await findSharedQuote(db, hashShareToken(token)) : undefined;
    if (!record) {
      reply.code(404).type(HTML_TYPE).send(renderNotFoundPage());
      return null;
    }
    if (GONE.includes(record.status as StoredQuoteStatus)) {
      reply.code(410).type(HTML_TYPE).send(renderGonePage());
      return null;
    }
    const view = await quoteView(store, record, businessDate(new Date(), business.timeZone));
    return quoteDocument(view, await readSettings(db), business.timeZone, shareUrlOf(business, token));
  }

  app.get<{ Params: { token: string } }>('/q/:token', async (request, reply) => {
    const document = await shared(request.params.token, reply);
    if (!document) return reply;
    return reply.type(HTML_TYPE).send(renderQuotePage(document, `/q/${request.params.token}/pdf`));
  });

  app.get<{ Params: { token: string } }>('/q/:token/pdf', async (request, reply) => {
    const document = await shared(request.params.token, reply);
    if (!document) return reply;
    return pdfAnswer(reply, await renderQuotePdf(document), document.label, false);
  });

  // Any other path under /q/ is an unknown link too, never the app's page.
  app.get('/q/*', async (_request, reply) => reply.code(404).type(HTML_TYPE).send(renderNotFoundPage()));
}
