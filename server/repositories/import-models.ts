import { fieldError } from '#src/contract/errors.ts';
import { fieldMessages } from '#src/contract/messages.ts';
import type { CsvRow } from '#src/domain/import-rows.ts';
import { previewImportInSlices, type ImportCatalogue } from '#src/domain/import-models.ts';
import type { Db } from '#server/db/connect.ts';
import { kwFromMilli, usdFromCents } from './model-units.ts';
import { insertModels } from './models.ts';
import { recordAudits, type Actor } from './audit.ts';
import { inChunks } from './chunks.ts';
import { takeImportLock } from './import-lock.ts';
import { updateAsPlanned } from './import-updates.ts';
import { inTransaction } from './transaction.ts';

/** Every brand, series and model, as much of each as an import compares (src/domain/import-models.ts). */
export async function readImportCatalogue(db: Db): Promise<ImportCatalogue> {
  const [brands, series, models] = await Promise.all([
    db.selectFrom('brands').select(['id', 'name']).execute(),
    db.selectFrom('series').select(['id', 'brand_id as brandId', 'name']).execute(),
    db.selectFrom('models').select(['id', 'series_id', 'name', 'capacity_milli_kw', 'price_cents', 'min_stock', 'version']).execute(),
  ]);
  return {
    brands,
    series,
    models: models.map((row) => ({
      id: row.id,
      seriesId: row.series_id,
      name: row.name,
      capacityKw: kwFromMilli(row.capacity_milli_kw),
      priceUsd: usdFromCents(row.price_cents),
      minStock: Number(row.min_stock),
      version: Number(row.version),
    })),
  };
}

/**
 * models/import: the file's rows against the catalogue as this transaction reads it, so what is
 * written is what the rows say of the catalogue it changes. Any row in error: nothing is written.
 * The transaction first takes the import lock (import-lock.ts): one import at a time. New models
 * go in as chunked multi-row INSERTs; the changed ones are then locked and updated a chunk per
 * statement (import-updates.ts), only if nobody saved them since they were read here (their
 * versions), else the whole import is refused: it never undoes an edit it did not preview. Each created or updated model gets its `model.import` audit entry in the same
 * transaction, the updates' entries in chunks, from the changes the preview showed.
 */
export async function applyImport(
  db: Db,
  by: Actor,
  rows: readonly CsvRow[],
  now = new Date(),
): Promise<{ created: number; updated: number }> {
  return inTransaction(db, async (trx) => {
    await takeImportLock(trx);
    const { preview, plan } = await previewImportInSlices(rows, await readImportCatalogue(trx));
    if (preview.summary.error > 0) throw fieldError('file', fieldMessages.fileHasErrors(preview.summary.error));
    await insertModels(
      trx,
      by,
      plan.create.map((model) => ({ ...model, isActive: 1 })),
      now,
      'model.import',
    );
    await updateAsPlanned(trx, plan.update, now);
    await inChunks(plan.update, (chunk) =>
      recordAudits(
        trx,
        by,
        chunk.map(({ id, name, changes }) => ({ action: 'model.import', entityId: id, entityName: name, changes })),
        now,
      ),
    );
    return { created: plan.create.length, updated: plan.update.length };
  });
}
