import type { FastifyInstance } from 'fastify';
import { stampMessages, stampRefShape } from '#src/contract/stamps.ts';
import { stampHolds, stampInstant } from '#src/domain/price-stamps.ts';
import type { Business } from '#server/config.ts';
import type { Store } from '#server/db/connect.ts';
import { HTML_TYPE } from '#server/documents/html-page.ts';
import { renderStampPage } from '#server/documents/stamp-page.ts';
import { findStamp, stampedModelsNow } from '#server/repositories/stamps.ts';
import { readVariables } from '#server/repositories/variables.ts';

// A printed sheet's link (docs/design.md §8.2): `GET /v/:ref`, no sign-in. Current while every
// model it recorded is still there, still sellable if it was, at the same Price USD and Total at
// today's variables; a ref typed in lower case is the same ref. Headers and throttle: public-pages.ts.

export function stampPageRoutes(app: FastifyInstance, store: Store, business: Business) {
  const notKnown = renderStampPage(stampMessages.notKnown);

  app.get<{ Params: { ref: string } }>('/v/:ref', async (request, reply) => {
    const ref = request.params.ref.toUpperCase();
    const stamp = stampRefShape.test(ref) ? await findStamp(store.db, ref) : undefined;
    if (!stamp) return reply.code(404).type(HTML_TYPE).send(notKnown);
    const { stamped, now } = await stampedModelsNow(store, stamp.models, await readVariables(store.db));
    const sentence = stampHolds(stamped, now)
      ? stampMessages.current
      : stampMessages.changed(stampInstant(stamp.createdAt, business.timeZone));
    return reply.type(HTML_TYPE).send(renderStampPage(sentence));
  });

  // Any other path under /v/ is an unknown sheet too, never the app's page.
  app.get('/v/*', async (_request, reply) => reply.code(404).type(HTML_TYPE).send(notKnown));
}
