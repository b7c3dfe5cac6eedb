import { sql } from 'kysely';
import type { LogRow } from '#src/contract/models.ts';
import { stockMoveChanges } from '#src/domain/audit.ts';
import { QUANTITY_ADDED, QUANTITY_REMOVED } from '#src/domain/stock.ts';
import type { Db, Store } from '#server/db/connect.ts';
import { inChunks } from './chunks.ts';
import { readPage, type PageRequest } from './read-page.ts';
import { inTransaction } from './transaction.ts';
import { recordAudit, type Actor } from './audit.ts';

export type StockMove = { modelId: number; quantity: number; by: Actor; note?: string | undefined };

/** What a removal found: done, no such model, or too little stock (`stock`: what there was). */
export type RemoveResult = { ok: true } | { ok: false; stock: number | null };

/**
 * Adds stock, its log row and its audit entry in one transaction, the UPDATE first: it takes the
 * write lock before anything is read, so concurrent additions queue instead of deadlocking, and
 * the quantity always equals the sum of the log. Answers false for an unknown model.
 */
export async function addStock(db: Db, move: StockMove, now = new Date()): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable('models')
      .set((eb) => ({ quantity: eb('quantity', '+', move.quantity), updated_at: now.toISOString() }))
      .where('id', '=', move.modelId)
      .returning(['quantity', 'name'])
      .executeTakeFirst();
    if (!updated) return false;
    await logMove(trx, move, QUANTITY_ADDED, Number(updated.quantity), updated.name, now);
    return true;
  });
}

/**
 * Removes stock only while it suffices, in one transaction: the condition sits in the UPDATE
 * itself (never read, then write), so the row lock decides between concurrent removals and none
 * can take the stock below 0. PostgreSQL at READ COMMITTED re-checks the condition on the row a
 * waiting UPDATE finally locks; SQLite runs one writer at a time. When nothing was updated, the
 * stock is read to say why (null: no such model). On PostgreSQL that read sees the latest commit,
 * so an addition may have landed in between; then the removal is simply tried again, so the
 * stock a refusal names is always one too small for it.
 */
export async function removeStock(db: Db, move: StockMove, now = new Date()): Promise<RemoveResult> {
  return inTransaction(db, async (trx): Promise<RemoveResult> => {
    for (;;) {
      const updated = await trx
        .updateTable('models')
        .set((eb) => ({ quantity: eb('quantity', '-', move.quantity), updated_at: now.toISOString() }))
        .where('id', '=', move.modelId)
        .where('quantity', '>=', move.quantity)
        .returning(['quantity', 'name'])
        .executeTakeFirst();
      if (updated) {
        await logMove(trx, move, QUANTITY_REMOVED, Number(updated.quantity), updated.name, now);
        return { ok: true };
      }
      const model = await trx.selectFrom('models').select('quantity').where('id', '=', move.modelId).executeTakeFirst();
      if (!model) return { ok: false, stock: null };
      if (Number(model.quantity) < move.quantity) return { ok: false, stock: Number(model.quantity) };
    }
  });
}

/** The log row and the audit entry of a move, in its transaction; `after`: the quantity it left. */
async function logMove(trx: Db, move: StockMove, quantityType: number, after: number, modelName: string, now: Date) {
  await trx
    .insertInto('stock_logs')
    .values({
      model_id: move.modelId,
      user_id: move.by.id,
      quantity: move.quantity,
      quantity_type: quantityType,
      note: move.note ?? null,
      created_at: now.toISOString(),
    })
    .execute();
  const before = quantityType === QUANTITY_REMOVED ? after + move.quantity : after - move.quantity;
  const action = quantityType === QUANTITY_REMOVED ? 'stock.remove' : 'stock.add';
  const changes = stockMoveChanges(before, after, move.note);
  await recordAudit(trx, move.by, { action, entityId: move.modelId, entityName: modelName, changes }, now);
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

const LOG_COLUMNS = [
  'stock_logs.id',
  'stock_logs.quantity',
  'stock_logs.quantity_type',
  'users.name',
  'stock_logs.created_at',
  'stock_logs.note',
] as const;

export function listStockLogs(store: Store, modelId: number, page: PageRequest) {
  const logs = store.db.selectFrom('stock_logs').where('stock_logs.model_id', '=', modelId);
  const query = logs.innerJoin('users', 'users.id', 'stock_logs.user_id');
  return readPage(store, page, {
    // Every log row has its user (a foreign key), so the count needs no join: on SQLite, which
    // counts synchronously, the join tripled the time 300,000 rows held the event loop.
    counted: logs,
    // Newest first in the order the moves took effect: a move's id is taken after its UPDATE holds
    // the model's row, so one model's ids follow its commits, while its time is its request's.
    page: (limit, offset) => query.select(LOG_COLUMNS).orderBy('stock_logs.id', 'desc').limit(limit).offset(offset),
    columns: LOG_COLUMNS,
    rowOf: (row): LogRow => ({
      id: row.id,
      quantity: Number(row.quantity),
      quantityType: row.quantity_type,
      name: row.name,
      created_at: row.created_at,
      note: row.note,
    }),
  });
}
