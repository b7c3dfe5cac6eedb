import { sql } from 'kysely';
import type { LogRow } from '#src/contract/models.ts';
import { QUANTITY_ADDED, QUANTITY_REMOVED } from '#src/domain/stock.ts';
import type { Db, RowReader } from '#server/db/connect.ts';
import { inChunks } from './chunks.ts';
import { readPage, readRowsInSlices, type PageRequest } from './read-page.ts';
import { inTransaction } from './transaction.ts';
import { recordAudit, type Actor } from './audit.ts';

/**
 * Adds stock, its log row and its audit entry in one transaction, the UPDATE first: it takes the
 * write lock before anything is read, so concurrent additions queue instead of deadlocking, and
 * the quantity always equals the sum of the log. Answers false for an unknown model.
 */
export async function addStock(db: Db, by: Actor, modelId: number, quantity: number, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('models')
      .set((eb) => ({ quantity: eb('quantity', '+', quantity), updated_at: now.toISOString() }))
      .where('id', '=', modelId)
      .returning(['quantity', 'name'])
      .executeTakeFirst();
    if (!updated) return false;
    await trx
      .insertInto('stock_logs')
      .values({ model_id: modelId, user_id: by.id, quantity, quantity_type: QUANTITY_ADDED, created_at: now.toISOString() })
      .execute();
    const after = Number(updated.quantity);
    const changes = { modelQuantity: [after - quantity, after] as [number, number] };
    await recordAudit(trx, by, { action: 'stock.add', entityId: modelId, entityName: updated.name, changes }, now);
    return true;
  });
}

export type PastStockMove = { modelId: number; userId: number; quantity: number; quantityType?: number; createdAt: string };

/**
 * Writes stock history as it happened (a loader's, a test's), then sets each model's quantity to
 * the signed sum of its whole log, all in one transaction: the invariant holds whatever was given.
 */
export async function insertStockHistory(db: Db, moves: readonly PastStockMove[]): Promise<number[]> {
  return inTransaction(db, async (trx) => {
    const ids: number[] = [];
    await inChunks(moves, async (chunk) => {
      const rows = await trx
        .insertInto('stock_logs')
        .values(
          chunk.map((move) => ({
            model_id: move.modelId,
            user_id: move.userId,
            quantity: move.quantity,
            quantity_type: move.quantityType ?? QUANTITY_ADDED,
            created_at: move.createdAt,
          })),
        )
        .returning('id')
        .execute();
      ids.push(...rows.map((row) => row.id));
    });
    const signed = sql<number>`case when stock_logs.quantity_type = ${QUANTITY_REMOVED} then -stock_logs.quantity else stock_logs.quantity end`;
    await trx
      .updateTable('models')
      .set((eb) => ({
        quantity: eb
          .selectFrom('stock_logs')
          .select((sub) => sub.fn.coalesce(sub.fn.sum<number>(signed), sub.lit(0)).as('sum'))
          .whereRef('stock_logs.model_id', '=', 'models.id'),
      }))
      .where('id', 'in', (eb) => eb.selectFrom('stock_logs').select('model_id'))
      .execute();
    return ids;
  });
}

const LOG_COLUMNS = ['stock_logs.id', 'stock_logs.quantity', 'stock_logs.quantity_type', 'users.name', 'stock_logs.created_at'] as const;

export async function listStockLogs(db: Db, readRows: RowReader, path: string, modelId: number, page: PageRequest) {
  const logs = db.selectFrom('stock_logs').where('stock_logs.model_id', '=', modelId);
  const query = logs.innerJoin('users', 'users.id', 'stock_logs.user_id');
  return readPage(
    path,
    page,
    // Every log row has its user (a foreign key), so the count needs no join: on SQLite, which
    // counts synchronously, the join tripled the time 300,000 rows held the event loop.
    async () => (await logs.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()).count,
    async (limit, offset) =>
      readRowsInSlices(
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
