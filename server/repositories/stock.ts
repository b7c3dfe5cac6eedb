import type { LogRow } from '#src/contract/models.ts';
import type { Db } from '#server/db/connect.ts';
import { paginate, type PageRequest } from './paginate.ts';

export const QUANTITY_ADDED = 1;

/**
 * Adds stock and its log row in one transaction, the UPDATE first: it takes the write lock
 * before anything is read, so concurrent additions queue instead of deadlocking, and the
 * quantity always equals the sum of the log. Answers false for an unknown model.
 */
export async function addStock(db: Db, modelId: number, quantity: number, userId: number, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('models')
      .set((eb) => ({ quantity: eb('quantity', '+', quantity), updated_at: now.toISOString() }))
      .where('id', '=', modelId)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    await trx
      .insertInto('stock_logs')
      .values({ model_id: modelId, user_id: userId, quantity, quantity_type: QUANTITY_ADDED, created_at: now.toISOString() })
      .execute();
    return true;
  });
}

export async function listStockLogs(db: Db, path: string, modelId: number, page: PageRequest) {
  const query = db.selectFrom('stock_logs').innerJoin('users', 'users.id', 'stock_logs.user_id').where('stock_logs.model_id', '=', modelId);
  return paginate(
    path,
    page,
    async () => (await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()).count,
    async (limit, offset) => {
      const rows = await query
        .select(['stock_logs.id', 'stock_logs.quantity', 'stock_logs.quantity_type', 'users.name', 'stock_logs.created_at'])
        .orderBy('stock_logs.created_at', 'desc')
        .orderBy('stock_logs.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((row): LogRow => ({
        id: row.id,
        quantity: Number(row.quantity),
        quantityType: row.quantity_type,
        name: row.name,
        created_at: row.created_at,
      }));
    },
  );
}
