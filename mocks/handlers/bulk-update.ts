import type { BulkUpdateBody } from '#src/contract/bulk-update.ts';
import { fieldError } from '#src/contract/errors.ts';
import { fieldMessages } from '#src/contract/field-messages.ts';
import { done } from '#src/contract/messages.ts';
import { bulkRefusal, previewBulkUpdate, type BulkModel } from '#src/domain/bulk-update.ts';
import type { SessionUser } from '#src/domain/roles.ts';
import { modelFields } from '#mocks/audit.ts';
import { catalogue } from '#mocks/catalogue.ts';
import { defineCall, type MockCall } from '#mocks/define-call.ts';
import { listOrder } from '#src/domain/model-list.ts';
import { matchingRows } from '#mocks/model-rows.ts';
import type { CatalogueRow, MockStore } from '#mocks/store-shape.ts';
import { auditedUpdate } from '#mocks/versions.ts';

// models/bulk-update over the mock store, by the same src/domain code as the server
// (server/repositories/bulk-update.ts): the same preview, the same refusal, the same entries. It
// runs in one turn, so nothing changes the store between the preview of the apply and its writes.

/** The ids sent (each a model's, else 422 under `ids`), or the models the user's list matches, in the list's order. */
function selected(store: MockStore, user: SessionUser, body: BulkUpdateBody): CatalogueRow[] {
  if (body.ids === undefined) return matchingRows(store, user, { filters: body.filters ?? {} });
  const asked = new Set(body.ids);
  const rows = catalogue(store).filter(({ model }) => asked.has(model.id));
  if (rows.length !== asked.size) throw fieldError('ids', fieldMessages.unknownModel);
  return rows.sort(listOrder);
}

const bulkModel = ({ model, series, brand }: CatalogueRow): BulkModel => ({
  id: model.id,
  brandName: brand.name,
  seriesName: series.name,
  modelName: model.name,
  priceUsd: model.priceUsd,
  isActive: model.isActive,
  minStock: model.minStock ?? 0,
});

export const bulkUpdateCalls: MockCall[] = [
  defineCall('models/bulk-update', ({ body, store, user }) => {
    const rows = selected(store, user, body);
    const { preview, writes } = previewBulkUpdate(rows.map(bulkModel), { set: body.set, price: body.price });
    if (body.preview === 1) return { preview };
    const refusal = bulkRefusal(preview);
    if (refusal) throw refusal;
    const models = new Map(rows.map(({ model }) => [model.id, model]));
    for (const write of writes) {
      auditedUpdate(store, user, {
        record: models.get(write.id)!,
        set: (model) => Object.assign(model, { priceUsd: write.priceUsd, isActive: write.isActive, minStock: write.minStock }),
        audit: { action: 'model.update', name: (after) => after.name, fields: modelFields },
      });
    }
    return done.modelsUpdated(writes.length);
  }),
];
