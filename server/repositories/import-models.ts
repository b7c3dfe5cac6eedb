import { fieldError } from '#src/contract/errors.ts';
import { fieldMessages } from '#src/contract/field-messages.ts';
import type { CsvRow } from '#src/domain/import-rows.ts';
import { previewImportInSlices, type ExistingModel, type ImportCatalogue, type ImportPlan } from '#src/domain/import-models.ts';
import type { CompiledQuery } from 'kysely';
import type { Db, Store } from '#server/db/connect.ts';
import { SLICE_ROWS } from '#server/db/slices.ts';
import { turnByTurn } from '#src/domain/in-slices.ts';
import { kwFromMilli, usdFromCents } from './model-units.ts';
import { insertModels } from './models.ts';
import { recordAudits, type Actor } from './audit.ts';
import { takeImportLock } from './import-lock.ts';
import { updateAsPlanned } from './import-updates.ts';
import { inTransaction } from './transaction.ts';
import { catalogueMark, type KeptPlan } from './previewed-plans.ts';

/** Reads a compiled SELECT's rows as arrays of column values, in the select's order. */
type ReadRows = (query: CompiledQuery) => Promise<unknown[][]>;

/** Outside a transaction (the preview): the store's reader, which reads a large result a slice at a time (server/db). */
export const storeRows =
  ({ readRows }: Store): ReadRows =>
  (query) =>
    readRows(query, Number.MAX_SAFE_INTEGER);

/** Inside the import's transaction, on its own connection (SQLite's one connection is the transaction's while it runs). */
const transactionRows =
  (trx: Db): ReadRows =>
  async (query) =>
    (await trx.executeQuery(query)).rows.map((row) => Object.values(row as object));

/** The models' rows made what an import compares, a slice at a time: 10,000 of them at once held the event loop some 40 ms. */
function* existingModels(rows: readonly unknown[][]): Generator<void, ExistingModel[]> {
  const models: ExistingModel[] = [];
  for (const [at, [id, seriesId, name, capacityMilli, priceCents, minStock, version]] of rows.entries()) {
    models.push({
      id: Number(id),
      seriesId: Number(seriesId),
      name: String(name),
      capacityKw: kwFromMilli(capacityMilli as number | null),
      priceUsd: usdFromCents(priceCents as number),
      minStock: Number(minStock),
      version: Number(version),
    });
    if (at % SLICE_ROWS === SLICE_ROWS - 1) yield;
  }
  return models;
}

/** Every brand, series and model, as much of each as an import compares (src/domain/import-models.ts); the models through `readRows`. */
export async function readImportCatalogue(db: Db, readRows: ReadRows): Promise<ImportCatalogue> {
  const models = db.selectFrom('models').select(['id', 'series_id', 'name', 'capacity_milli_kw', 'price_cents', 'min_stock', 'version']);
  const [brands, series, modelRows] = await Promise.all([
    db.selectFrom('brands').select(['id', 'name']).execute(),
    db.selectFrom('series').select(['id', 'brand_id as brandId', 'name']).execute(),
    readRows(models.compile()),
  ]);
  return { brands, series, models: await turnByTurn(existingModels(modelRows)) };
}

/** The plan of the file's rows against the catalogue as `trx` reads it; any row in error: 422 under `file`. */
async function checkedPlan(trx: Db, rows: readonly CsvRow[]): Promise<ImportPlan> {
  const { preview, plan } = await previewImportInSlices(rows, await readImportCatalogue(trx, transactionRows(trx)));
  if (preview.summary.error > 0) throw fieldError('file', fieldMessages.fileHasErrors(preview.summary.error));
  return plan;
}

/**
 * models/import: the file's rows against the catalogue as this transaction reads it, so what is
 * written is what the rows say of the catalogue it changes. Any row in error: nothing is written.
 * The transaction first takes the import lock (import-lock.ts): one import at a time. Its
 * preview's plan (`kept`, previewed-plans.ts) is that very plan when the catalogue's mark is still
 * the one the preview read: it is then written without reading the rows (`readRows`) or checking
 * again. New models go in as chunked multi-row INSERTs; the changed ones are then locked and
 * updated a chunk per statement (import-updates.ts), only if nobody saved them since they were
 * read (their versions), else the whole import is refused: it never undoes an edit it did not
 * preview. Each created or updated model gets its `model.import` audit entry in the same
 * transaction, the updates' from the changes the preview showed.
 */
export async function applyImport(
  db: Db,
  by: Actor,
  readRows: () => Promise<readonly CsvRow[]>,
  kept?: KeptPlan,
  now = new Date(),
): Promise<{ created: number; updated: number }> {
  return inTransaction(db, async (trx) => {
    await takeImportLock(trx);
    const plan = kept && kept.mark === (await catalogueMark(trx)) ? kept.plan : await checkedPlan(trx, await readRows());
    await insertModels(
      trx,
      by,
      plan.create.map((model) => ({ ...model, isActive: 1 })),
      now,
      'model.import',
    );
    await updateAsPlanned(trx, plan.update, now);
    await recordAudits(
      trx,
      by,
      plan.update.map(({ id, name, changes }) => ({ action: 'model.import', entityId: id, entityName: name, changes })),
      now,
    );
    return { created: plan.create.length, updated: plan.update.length };
  });
}
