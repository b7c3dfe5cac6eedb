import { fieldError } from '#src/contract/errors.ts';
import { fieldMessages } from '#src/contract/messages.ts';
import type { CsvRow } from '#src/domain/import-csv.ts';
import { previewImport, type ImportCatalogue } from '#src/domain/import-models.ts';
import type { Db } from '#server/db/connect.ts';
import { kwFromMilli, usdFromCents } from './model-units.ts';
import { insertModels, updateModel } from './models.ts';
import type { Actor } from './audit.ts';
import { inTransaction } from './transaction.ts';

/** Every brand, series and model, as much of each as an import compares (src/domain/import-models.ts). */
export async function readImportCatalogue(db: Db): Promise<ImportCatalogue> {
  const [brands, series, models] = await Promise.all([
    db.selectFrom('brands').select(['id', 'name']).execute(),
    db.selectFrom('series').select(['id', 'brand_id as brandId', 'name']).execute(),
    db.selectFrom('models').select(['id', 'series_id', 'name', 'capacity_milli_kw', 'price_cents', 'is_active', 'min_stock']).execute(),
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
      isActive: row.is_active === 1 ? 1 : 0,
      minStock: Number(row.min_stock),
    })),
  };
}

/**
 * models/import: the file's rows against the catalogue as this transaction reads it, so what is
 * written is what the rows say of the catalogue it changes. Any row in error: nothing is written.
 * New models go in as chunked multi-row INSERTs; changed ones are updated one by one (their
 * version rises, as with models/update-model). Each created or updated model gets its `model.import`
 * audit entry in the same transaction.
 */
export async function applyImport(
  db: Db,
  by: Actor,
  rows: readonly CsvRow[],
  now = new Date(),
): Promise<{ created: number; updated: number }> {
  return inTransaction(db, async (trx) => {
    const { preview, plan } = previewImport(rows, await readImportCatalogue(trx));
    if (preview.summary.error > 0) throw fieldError('file', fieldMessages.fileHasErrors(preview.summary.error));
    await insertModels(
      trx,
      by,
      plan.create.map((model) => ({ ...model, isActive: 1 })),
      now,
      'model.import',
    );
    for (const model of plan.update) await updateModel(trx, by, model.id, model, now, 'model.import');
    return { created: plan.create.length, updated: plan.update.length };
  });
}
