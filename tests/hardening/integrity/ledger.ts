import { expect } from 'vitest';
import type { Db } from '#server/db/connect.ts';
import { QUANTITY_ADDED } from '#src/domain/stock.ts';

export type LogEntry = { modelId: number; userId: number; quantity: number; quantityType: number };

export async function stockLog(db: Db): Promise<LogEntry[]> {
  const rows = await db.selectFrom('stock_logs').select(['model_id', 'user_id', 'quantity', 'quantity_type']).orderBy('id').execute();
  return rows.map((row) => ({
    modelId: row.model_id,
    userId: row.user_id,
    quantity: Number(row.quantity),
    quantityType: row.quantity_type,
  }));
}

export async function quantityOf(db: Db, modelId: number): Promise<number> {
  return Number((await db.selectFrom('models').select('quantity').where('id', '=', modelId).executeTakeFirstOrThrow()).quantity);
}

/**
 * docs/design.md §5's invariant: every model's quantity equals the sum of its log, additions minus
 * deductions. Answers the log it checked.
 */
export async function expectLedgerBalanced(db: Db): Promise<LogEntry[]> {
  const models = await db.selectFrom('models').select(['id', 'quantity']).orderBy('id').execute();
  const log = await stockLog(db);
  const sums = new Map<number, number>();
  for (const row of log)
    sums.set(row.modelId, (sums.get(row.modelId) ?? 0) + (row.quantityType === QUANTITY_ADDED ? row.quantity : -row.quantity));
  const quantities = models.map((model) => ({ model: model.id, quantity: Number(model.quantity) }));
  expect(quantities).toEqual(models.map((model) => ({ model: model.id, quantity: sums.get(model.id) ?? 0 })));
  return log;
}
