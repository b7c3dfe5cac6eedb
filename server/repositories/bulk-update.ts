import { fieldError } from '#src/contract/errors.ts';
import { fieldMessages } from '#src/contract/field-messages.ts';
import type { BulkChange, BulkPreview } from '#src/contract/bulk-update.ts';
import { bulkRefusal, previewBulkUpdateInSlices, type BulkModel, type BulkWrite } from '#src/domain/bulk-update.ts';
import { isPostgres, type Db, type Store } from '#server/db/connect.ts';
import { recordAudits, type Actor } from './audit.ts';
import { inChunks } from './chunks.ts';
import { writeModels, type ModelWrite } from './import-updates.ts';
import { usdFromCents } from './model-units.ts';
import { EVERY_ROW, idsInListOrder, matchingInListOrder, modelsWithNames, type ModelsAsked } from './models-list.ts';
import { readRowsInSlices } from './read-page.ts';
import { inTransaction } from './transaction.ts';

// models/bulk-update (docs/design.md §8.4): the models a bulk edit selects, its preview, and its
// apply, all of it or nothing in one transaction, with one `model.update` entry per changed model
// (the entry a single edit writes), so live updates send one `models` event with their ids.

/** The models by id (each must exist), or every model the list's filters match for this caller. */
export type BulkSelection = { ids: readonly number[] } | Omit<ModelsAsked, 'sort'>;

/** Models named by id are looked for among every model, as any caller may name any model. */
const ANY_MODEL: Omit<ModelsAsked, 'sort'> = { filters: {}, scope: { sellableOnly: false } };

/** The ids named, once each; one that is no model's is the 422 under `ids` (`found`: how many models they named). */
function checkAllFound(named: readonly number[], found: number): void {
  if (found !== named.length) throw fieldError('ids', fieldMessages.unknownModel);
}

/** The selected ids in the list's order. */
async function selectedIds(db: Db, selection: BulkSelection): Promise<number[]> {
  if (!('ids' in selection)) return (await idsInListOrder(db, selection).execute()).map((row) => row.id);
  const named = [...new Set(selection.ids)];
  const found = await idsInListOrder(db, ANY_MODEL, named).execute();
  checkAllFound(named, found.length);
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

type BulkRow = {
  id: number;
  brand_name: string;
  series_name: string;
  name: string;
  price_cents: number;
  is_active: number;
  min_stock: number;
};

/** A model as BULK_COLUMNS read it. */
const bulkModelOf = (row: BulkRow): BulkModel => ({
  id: row.id,
  brandName: row.brand_name,
  seriesName: row.series_name,
  modelName: row.name,
  priceUsd: usdFromCents(row.price_cents),
  isActive: row.is_active === 1 ? 1 : 0,
  minStock: Number(row.min_stock),
});

/** A model as the RowReader gives BULK_COLUMNS' values, in their order. */
function bulkModelOfValues(values: unknown[]): BulkModel {
  const [id, brand_name, series_name, name, price_cents, is_active, min_stock] = values as [
    number,
    string,
    string,
    string,
    number,
    number,
    number,
  ];
  return bulkModelOf({ id, brand_name, series_name, name, price_cents, is_active, min_stock });
}

/**
 * The selected models in the list's order. The filters' matches in one read through the
 * RowReader, as the All JSON call reads its rows (arrays of values, in slices): a preview of all
 * 10,000 models read their ids, then the models a chunk of ids at a time as Kysely's objects, and
 * took three times as long. Models named by id (1,000 at most) through Kysely: the RowReader keeps
 * a PostgreSQL statement per SQL text, and every count of ids is a text of its own.
 */
async function selectedModels(store: Store, selection: BulkSelection): Promise<BulkModel[]> {
  if (!('ids' in selection)) {
    const query = matchingInListOrder(store.db, selection).select(BULK_COLUMNS);
    return readRowsInSlices(store, query, EVERY_ROW, { rowOfValues: bulkModelOfValues });
  }
  const named = [...new Set(selection.ids)];
  const rows = await matchingInListOrder(store.db, ANY_MODEL, named).select(BULK_COLUMNS).execute();
  checkAllFound(named, rows.length);
  return rows.map(bulkModelOf);
}

/**
 * The models of these ids, in their order, a chunk of ids per read, so the event loop runs between
 * them, each chunk's models locked as read (PostgreSQL: FOR UPDATE of the models alone, in id
 * order, as the import locks them; SQLite's transaction holds the file already), so what the apply
 * writes is what it read. Through Kysely, not the RowReader: these reads are the transaction's.
 */
async function lockModels(trx: Db, ids: readonly number[]): Promise<BulkModel[]> {
  const read = new Map<number, BulkModel>();
  const postgres = isPostgres(trx);
  await inChunks(
    [...ids].sort((a, b) => a - b),
    async (chunk) => {
      const rows = await modelsWithNames(trx)
        .select(BULK_COLUMNS)
        .where('models.id', 'in', chunk)
        .$if(postgres, (query) => query.orderBy('models.id').forUpdate('models'))
        .execute();
      for (const row of rows) read.set(row.id, bulkModelOf(row));
    },
  );
  return ids.map((id) => read.get(id)!);
}

/** What the edit would do, read outside any transaction: it writes nothing. */
export async function previewBulkUpdate(store: Store, selection: BulkSelection, change: BulkChange): Promise<BulkPreview> {
  const models = await selectedModels(store, selection);
  return (await previewBulkUpdateInSlices(models, change)).preview;
}

/** Each write with the fields the edit sets: one it leaves as each model has it is not written (import-updates.ts says why). */
function writtenColumns(writes: readonly BulkWrite[], change: BulkChange): ModelWrite[] {
  const { modelIsActive, modelMinStock } = change.set ?? {};
  return writes.map(({ id, priceUsd, isActive, minStock }) => ({
    id,
    priceUsd,
    ...(modelIsActive === undefined ? {} : { isActive }),
    ...(modelMinStock === undefined ? {} : { minStock }),
  }));
}

/** Applies the edit to the models as this transaction reads and locks them; any row in error: 422, nothing written. */
export function applyBulkUpdate(db: Db, by: Actor, selection: BulkSelection, change: BulkChange, now = new Date()): Promise<number> {
  return inTransaction(db, async (trx) => {
    const models = await lockModels(trx, await selectedIds(trx, selection));
    const { preview, writes } = await previewBulkUpdateInSlices(models, change);
    const refusal = bulkRefusal(preview);
    if (refusal) throw refusal;
    await writeModels(trx, writtenColumns(writes, change), now);
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
