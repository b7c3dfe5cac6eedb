import { fieldError } from '#src/contract/errors.ts';
import { fieldMessages } from '#src/contract/field-messages.ts';
import { done } from '#src/contract/messages.ts';
import type { StockMoveBody } from '#src/contract/models.ts';
import type { Api } from '#server/http/register-call.ts';
import type { Actor } from '#server/repositories/audit.ts';
import { addStock, removeStock, type StockMove } from '#server/repositories/stock.ts';

const stockMove = (body: StockMoveBody, by: Actor): StockMove => ({
  modelId: body.id,
  quantity: body.modelQuantity,
  by,
  note: body.note,
});

/** The two stock moves (docs/design.md §5, §7.3): each one transaction of quantity, log row and audit entry. */
export function stockRoutes({ call, db }: Api) {
  call('models/add-stock', async ({ body, user }) => {
    if (!(await addStock(db, stockMove(body, user)))) throw fieldError('id', fieldMessages.unknownModel);
    return done.stockAdded;
  });

  call('models/remove-stock', async ({ body, user }) => {
    const result = await removeStock(db, stockMove(body, user));
    if (result.ok) return done.stockRemoved;
    if (result.stock === null) throw fieldError('id', fieldMessages.unknownModel);
    throw fieldError('modelQuantity', fieldMessages.notEnoughStock(result.stock));
  });
}
