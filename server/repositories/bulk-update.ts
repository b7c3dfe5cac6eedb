import { fieldError } from '#src/contract/errors.ts';
import { fieldMessages } from '#src/contract/messages.ts';
import type { BulkChange, BulkPreview } from '#src/contract/bulk-update.ts';
import { bulkRefusal, previewBulkUpdateInSlices, type BulkModel } from '#src/domain/bulk-update.ts';
import { isPostgres, type Db } from '#server/db/connect.ts';
import { recordAudits, type Actor } from './audit.ts';
import { inChunks } from './chunks.ts';
import { writeModels } from './import-updates.ts';
import { usdFromCents } from './model-units.ts';
import { idsInListOrder, modelsWithNames, type ModelsAsked } from './models-list.ts';
import { inTransaction } from './transaction.ts';

// models/bulk-update (docs/design.md §8.4): the models a bulk edit selects, its preview, and its
// apply, all of it or nothing in one transaction, with one `model.update` entry per changed model
// (the entry a single edit writes), so live updates send one `models` event with their ids.

/** The models by id (each must exist), or every model the list's filters match for this caller. */
export type BulkSelection = { ids: readonly number[] } | Omit<ModelsAsked, 'sort'>;

/** The selected ids in the list's order; an id of no model is the 422 under `ids`. */
async function selectedIds(db: Db, selection: BulkSelection): Promise<number[]> {
  if (!('ids' in selection)) return (await idsInListOrder(db, selection).execute()).map((row) => row.id);
  const asked = [...new Set(selection.ids)];
  const found = await idsInListOrder(db, { filters: {}, scope: { sellableOnly: false } }, asked).execute();
  if (found.length !== asked.length) throw fieldError('ids', fieldMessages.unknownModel);
  return found.map((row) => row.id);
}

const BULK_COLUMNS = [
  'models.id',
  'brands.name as brand_name',
  'series.name as series_name',
  'models.name',
  'models.price_cents',
  'models.is_active',
  'models.min_stock',
] as const;

/**
 * The models of these ids, in their order, a chunk of ids per read, so the event loop runs between
 * them. `lock`: each chunk's models are locked as read (PostgreSQL: FOR UPDATE of the models alone,
 * in id order, as the import locks them; SQLite's transaction holds the file already), so what the
 * apply writes is what it read.
 */
async function readModels(db: Db, ids: readonly number[], lock: boolean): Promise<BulkModel[]> {
  const read = new Map<number, BulkModel>();
  const forUpdate = lock && isPostgres(db);
  await inChunks(lock ? [...ids].sort((a, b) => a - b) : ids, async (chunk) => {
    const rows = await modelsWithNames(db)
      .select(BULK_COLUMNS)
      .where('models.id', 'in', chunk)
      .$if(forUpdate, (query) => query.orderBy('models.id').forUpdate('models'))
      .execute();
    for (const row of rows) {
      read.set(row.id, {
        id: row.id,
        brandName: row.brand_name,
        seriesName: row.series_name,
        modelName: row.name,
        priceUsd: usdFromCents(row.price_cents),
        isActive: row.is_active === 1 ? 1 : 0,
        minStock: Number(row.min_stock),
      });
    }
  });
  return ids.map((id) => read.get(id)!);
}

/** What the edit would do, read outside any transaction: it writes nothing. */
export async function previewBulkUpdate(db: Db, selection: BulkSelection, change: BulkChange): Promise<BulkPreview> {
  const models = await readModels(db, await selectedIds(db, selection), false);
  return (await previewBulkUpdateInSlices(models, change)).preview;
}

/** Applies the edit to the models as this transaction reads and locks them; any row in error: 422, nothing written. */
export function applyBulkUpdate(db: Db, by: Actor, selection: BulkSelection, change: BulkChange, now = new Date()): Promise<number> {
  return inTransaction(db, async (trx) => {
    const models = await readModels(trx, await selectedIds(trx, selection), true);
    const { preview, writes } = await previewBulkUpdateInSlices(models, change);
    const refusal = bulkRefusal(preview);
    if (refusal) throw refusal;
    await writeModels(trx, writes, now);
    await inChunks(writes, (chunk) =>
      recordAudits(
        trx,
        by,
        chunk.map(({ id, name, changes }) => ({ action: 'model.update', entityId: id, entityName: name, changes })),
        now,
      ),
    );
    return writes.length;
  });
}
