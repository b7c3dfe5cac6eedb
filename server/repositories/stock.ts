import type { LogRow } from '#src/contract/models.ts';
import type { Db, RowReader } from '#server/db/connect.ts';
import { paginate, readPage, type PageRequest } from './paginate.ts';

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

const LOG_COLUMNS = ['stock_logs.id', 'stock_logs.quantity', 'stock_logs.quantity_type', 'users.name', 'stock_logs.created_at'] as const;

export async function listStockLogs(db: Db, readRows: RowReader, path: string, modelId: number, page: PageRequest) {
  const logs = db.selectFrom('stock_logs').where('stock_logs.model_id', '=', modelId);
  const query = logs.innerJoin('users', 'users.id', 'stock_logs.user_id');
  return paginate(
    path,
    page,
    // Every log row has its user (a foreign key), so the count needs no join: on SQLite, which
    // counts synchronously, the join tripled the time 300,000 rows held the event loop.
    async () => (await logs.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()).count,
    async (limit, offset) =>
      readPage(
        readRows,
        LOG_COLUMNS,
        query.select(LOG_COLUMNS).orderBy('stock_logs.created_at', 'desc').orderBy('stock_logs.id', 'desc').limit(limit).offset(offset),
        limit,
        (row): LogRow => ({
          id: row.id,
          quantity: Number(row.quantity),
          quantityType: row.quantity_type,
          name: row.name,
          created_at: row.created_at,
        }),
      ),
  );
}
