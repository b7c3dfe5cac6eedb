import { HttpError } from '#src/contract/errors.ts';
import { messages } from '#src/contract/messages.ts';
import { DEFAULT_BUSINESS_TIME_ZONE } from '#src/domain/business-time.ts';
import { allAtOnce } from '#src/domain/in-slices.ts';
import { modelTotals } from '#src/domain/model-figures.ts';
import { mayAskModels } from '#src/domain/model-sort.ts';
import { encodeStampedModels, stampAuditChanges, stampLine, stampRefOf, type StampedModel } from '#src/domain/price-stamps.ts';
import { isSellable } from '#src/domain/sellable.ts';
import { recordAudit } from '#mocks/audit.ts';
import { defineCall, type MockCall } from '#mocks/define-call.ts';
import { matchingRows } from '#mocks/model-rows.ts';
import { variablesOf } from '#mocks/quote-lines.ts';
import { nextId } from '#mocks/store.ts';
import type { MockStamp, MockStore } from '#mocks/store-shape.ts';

// Price sheet stamps (docs/design.md §8.2) as the server makes them. `GET /v/:ref` is a server
// page, not a call: the mocks keep the stamp but do not serve its page.

/** A ref no stamp holds yet: 8 random characters, drawn again on the rare clash, as the server's unique key would make it. */
function freshRef(store: MockStore): string {
  for (;;) {
    const ref = stampRefOf(crypto.getRandomValues(new Uint8Array(8)));
    if (!store.stamps.some((stamp) => stamp.ref === ref)) return ref;
  }
}

export const stampCalls: MockCall[] = [
  defineCall('stamps/create', ({ body, store, user }) => {
    // The sheet's models are exactly those models/export lists for this user with these filters and sort.
    if (!mayAskModels(user, body)) throw new HttpError(403, messages.forbidden);
    const totalOf = modelTotals(store.variables);
    const models = matchingRows(store, user, body).map(({ model, series, brand }): StampedModel => ({
      id: model.id,
      priceCents: Math.round(model.priceUsd * 100),
      total: totalOf(model.priceUsd),
      sellable: isSellable(model, series, brand),
    }));
    const ref = freshRef(store);
    const stamp: MockStamp = {
      id: nextId(store.stamps),
      ref,
      userId: user.id,
      createdAt: new Date().toISOString(),
      variables: variablesOf(store.variables),
      models: allAtOnce(encodeStampedModels(models)),
    };
    store.stamps.push(stamp);
    recordAudit(store, user, {
      action: 'stamp.create',
      entityId: stamp.id,
      entityName: ref,
      changes: stampAuditChanges(ref, models.length),
    });
    // The mocks have no PUBLIC_URL: the page's own origin stands for it; their business day is the server's default one.
    const origin = globalThis.location?.origin ?? 'http://localhost';
    const line = stampLine({ createdAt: stamp.createdAt, exch: stamp.variables.exch, ref }, DEFAULT_BUSINESS_TIME_ZONE);
    return { stamp: { ref, line, url: `${origin}/v/${ref}` } };
  }),
];
