import { apiPath } from '#src/contract/calls.ts';
import type { LogRow, StockMoveBody } from '#src/contract/models.ts';
import { defineCall } from '#mocks/define-call.ts';
import type { MockCall } from '#mocks/define-call.ts';
import { fieldError } from '#src/contract/errors.ts';
import { done, fieldMessages } from '#src/contract/messages.ts';
import { compareText } from '#mocks/names.ts';
import { pageOfRows } from '#mocks/page-of-rows.ts';
import { QUANTITY_ADDED, QUANTITY_REMOVED } from '#src/domain/stock.ts';
import { nextId } from '#mocks/store.ts';
import type { MockModel, MockStockLog, MockStore } from '#mocks/store-shape.ts';

// Newest first; rows of the same instant, the later id first.
export const newestFirst = (a: MockStockLog, b: MockStockLog) => compareText(b.createdAt, a.createdAt) || b.id - a.id;

function findModel(store: MockStore, id: number): MockModel {
  const model = store.models.find((row) => row.id === id);
  if (!model) throw fieldError('id', fieldMessages.unknownModel);
  return model;
}

// The quantity and its log row change together, so the quantity always equals the log's sum.
function logMove(store: MockStore, userId: number, body: StockMoveBody, quantityType: number) {
  store.stockLogs.push({
    id: nextId(store.stockLogs),
    modelId: body.id,
    userId,
    quantity: body.modelQuantity,
    quantityType,
    createdAt: new Date().toISOString(),
    note: body.note ?? null,
  });
}

export const stockCalls: MockCall[] = [
  defineCall('models/add-stock', ({ body, user, store }) => {
    findModel(store, body.id).quantity += body.modelQuantity;
    logMove(store, user.id, body, QUANTITY_ADDED);
    return done.stockAdded;
  }),

  // Only while the stock suffices; otherwise nothing changes (docs/design.md §7.3).
  defineCall('models/remove-stock', ({ body, user, store }) => {
    const model = findModel(store, body.id);
    if (model.quantity < body.modelQuantity) throw fieldError('modelQuantity', fieldMessages.notEnoughStock(model.quantity));
    model.quantity -= body.modelQuantity;
    logMove(store, user.id, body, QUANTITY_REMOVED);
    return done.stockRemoved;
  }),

  defineCall('models/model-logs', ({ body, store }) => {
    const { modelId } = body.filters;
    if (!store.models.some((row) => row.id === modelId)) throw fieldError('filters.modelId', fieldMessages.unknownModel);
    const rows = store.stockLogs
      .filter((log) => log.modelId === modelId)
      .sort(newestFirst)
      .flatMap((log): LogRow[] => {
        // Inner join on users, as the server's query.
        const author = store.users.find((row) => row.id === log.userId);
        return author
          ? [
              {
                id: log.id,
                quantity: log.quantity,
                quantityType: log.quantityType,
                name: author.name,
                created_at: log.createdAt,
                note: log.note ?? null,
              },
            ]
          : [];
      });
    return { tableData: pageOfRows(apiPath('models/model-logs'), body, rows) };
  }),
];
