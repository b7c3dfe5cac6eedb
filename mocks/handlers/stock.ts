import { apiPath } from '#src/contract/calls.ts';
import type { LogRow } from '#src/contract/models.ts';
import { defineCall } from '#mocks/define-call.ts';
import type { MockCall } from '#mocks/define-call.ts';
import { fieldError } from '#src/contract/errors.ts';
import { done, fieldMessages } from '#src/contract/messages.ts';
import { compareText } from '#mocks/names.ts';
import { pageOfRows } from '#mocks/page-of-rows.ts';
import { QUANTITY_ADDED } from '#src/domain/stock.ts';
import { recordAudit } from '#mocks/audit.ts';
import { nextId } from '#mocks/store.ts';
import type { MockStockLog } from '#mocks/store-shape.ts';

// Newest first; rows of the same instant, the later id first.
const newestFirst = (a: MockStockLog, b: MockStockLog) => compareText(b.createdAt, a.createdAt) || b.id - a.id;

export const stockCalls: MockCall[] = [
  // The quantity and its log row change together, so the quantity always equals the log's sum.
  defineCall('models/add-stock', ({ body, user, store }) => {
    const model = store.models.find((row) => row.id === body.id);
    if (!model) throw fieldError('id', fieldMessages.unknownModel);
    const before = model.quantity;
    model.quantity += body.modelQuantity;
    store.stockLogs.push({
      id: nextId(store.stockLogs),
      modelId: model.id,
      userId: user.id,
      quantity: body.modelQuantity,
      quantityType: QUANTITY_ADDED,
      createdAt: new Date().toISOString(),
    });
    const changes = { modelQuantity: [before, model.quantity] as [number, number] };
    recordAudit(store, user, { action: 'stock.add', entityId: model.id, entityName: model.name, changes });
    return done.stockAdded;
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
          ? [{ id: log.id, quantity: log.quantity, quantityType: log.quantityType, name: author.name, created_at: log.createdAt }]
          : [];
      });
    return { tableData: pageOfRows(apiPath('models/model-logs'), body, rows) };
  }),
];
