import type { LogRow, StockMoveBody } from '#src/contract/models.ts';
import { defineCall } from '#mocks/define-call.ts';
import type { MockCall } from '#mocks/define-call.ts';
import { fieldError } from '#src/contract/errors.ts';
import { fieldMessages } from '#src/contract/field-messages.ts';
import { done } from '#src/contract/messages.ts';
import { pagedAnswer } from '#mocks/paged-answer.ts';
import { withAuthors } from '#mocks/authors.ts';
import { stockMoveChanges } from '#src/domain/audit.ts';
import { QUANTITY_ADDED, QUANTITY_REMOVED } from '#src/domain/stock.ts';
import { recordAudit } from '#mocks/audit.ts';
import { nextId } from '#mocks/store.ts';
import type { MockModel, MockStockLog, MockStore } from '#mocks/store-shape.ts';

// Newest first in the order they took effect: by id, as the server's query.
export const newestFirst = (a: MockStockLog, b: MockStockLog) => b.id - a.id;

function findModel(store: MockStore, id: number): MockModel {
  const model = store.models.find((row) => row.id === id);
  if (!model) throw fieldError('id', fieldMessages.unknownModel);
  return model;
}

// The quantity, its log row and the audit entry change together, so the quantity always equals the log's sum.
export function logMove(store: MockStore, user: { id: number; name: string }, model: MockModel, body: StockMoveBody, quantityType: number) {
  store.stockLogs.push({
    id: nextId(store.stockLogs),
    modelId: body.id,
    userId: user.id,
    quantity: body.modelQuantity,
    quantityType,
    createdAt: new Date().toISOString(),
    note: body.note ?? null,
  });
  const removed = quantityType === QUANTITY_REMOVED;
  const before = removed ? model.quantity + body.modelQuantity : model.quantity - body.modelQuantity;
  const changes = stockMoveChanges(before, model.quantity, body.note);
  recordAudit(store, user, { action: removed ? 'stock.remove' : 'stock.add', entityId: model.id, entityName: model.name, changes });
}

export const stockCalls: MockCall[] = [
  defineCall('models/add-stock', ({ body, user, store }) => {
    const model = findModel(store, body.id);
    model.quantity += body.modelQuantity;
    logMove(store, user, model, body, QUANTITY_ADDED);
    return done.stockAdded;
  }),

  // Only while the stock suffices; otherwise nothing changes (docs/design.md §7.3).
  defineCall('models/remove-stock', ({ body, user, store }) => {
    const model = findModel(store, body.id);
    if (model.quantity < body.modelQuantity) throw fieldError('modelQuantity', fieldMessages.notEnoughStock(model.quantity));
    model.quantity -= body.modelQuantity;
    logMove(store, user, model, body, QUANTITY_REMOVED);
    return done.stockRemoved;
  }),

  defineCall('models/model-logs', ({ body, store }) => {
    const { modelId } = body.filters;
    if (!store.models.some((row) => row.id === modelId)) throw fieldError('filters.modelId', fieldMessages.unknownModel);
    const logs = store.stockLogs.filter((log) => log.modelId === modelId).sort(newestFirst);
    const rows = withAuthors(store, logs, (log, author): LogRow => ({
      id: log.id,
      quantity: log.quantity,
      quantityType: log.quantityType,
      name: author.name,
      created_at: log.createdAt,
      note: log.note ?? null,
    }));
    return pagedAnswer('models/model-logs', body, rows);
  }),
];
