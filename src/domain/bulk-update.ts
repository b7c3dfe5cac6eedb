import type { AuditChanges } from '#src/contract/audit.ts';
import type { BulkChange, BulkPreview, BulkPreviewRow } from '#src/contract/bulk-update.ts';
import { InputError } from '#src/contract/errors.ts';
import { diffChanges } from './audit.ts';
import { changedPrice } from './bulk-price.ts';
import { allAtOnce, turnByTurn } from './in-slices.ts';

// What a bulk edit would do to each model it selects (docs/design.md §8.4), worked out once here
// for the server and the mocks: the preview the admin reads and the writes models/bulk-update
// makes, so what is applied is exactly what was shown.

/** A selected model as the edit reads it, in the list's order. */
export type BulkModel = {
  id: number;
  brandName: string;
  seriesName: string;
  modelName: string;
  priceUsd: number;
  isActive: 0 | 1;
  minStock: number;
};

/** One changed model's new values (every one written) and its audit entry's changes. */
export type BulkWrite = { id: number; name: string; priceUsd: number; isActive: 0 | 1; minStock: number; changes: AuditChanges };

type Previewed = { preview: BulkPreview; writes: BulkWrite[] };

/** The fields an edit may change, by the names a single `models/update-model` entry gives them. */
const editedFields = (model: Pick<BulkModel, 'priceUsd' | 'isActive' | 'minStock'>) => ({
  modelPriceUsd: model.priceUsd,
  modelIsActive: model.isActive,
  modelMinStock: model.minStock,
});

/** Rows between two yields: a fraction of a millisecond of work (in-slices.ts). */
const SLICE_ROWS = 50;

function* previewSteps(models: readonly BulkModel[], change: BulkChange): Generator<void, Previewed> {
  const rows: BulkPreviewRow[] = [];
  const writes: BulkWrite[] = [];
  const summary = { update: 0, unchanged: 0, error: 0 };
  for (const [at, model] of models.entries()) {
    const price = change.price === undefined ? { usd: model.priceUsd } : changedPrice(model.priceUsd, change.price);
    const after = {
      priceUsd: 'usd' in price ? price.usd : model.priceUsd,
      isActive: change.set?.modelIsActive ?? model.isActive,
      minStock: change.set?.modelMinStock ?? model.minStock,
    };
    const changes = diffChanges(editedFields(model), editedFields(after));
    const errors: BulkPreviewRow['errors'] = 'error' in price ? { modelPriceUsd: [price.error] } : {};
    const { id, brandName, seriesName, modelName } = model;
    rows.push({ id, brandName, seriesName, modelName, changes, errors });
    if ('error' in price) summary.error += 1;
    else if (Object.keys(changes).length === 0) summary.unchanged += 1;
    else {
      summary.update += 1;
      writes.push({ id, name: modelName, ...after, changes });
    }
    if (at % SLICE_ROWS === SLICE_ROWS - 1) yield;
  }
  return { preview: { rows, summary }, writes };
}

/** The preview and the writes at once (the mocks). */
export const previewBulkUpdate = (models: readonly BulkModel[], change: BulkChange): Previewed => allAtOnce(previewSteps(models, change));

/** The preview and the writes, the event loop let run between slices of rows (the server). */
export const previewBulkUpdateInSlices = (models: readonly BulkModel[], change: BulkChange): Promise<Previewed> =>
  turnByTurn(previewSteps(models, change));

/**
 * An apply with any row in error writes nothing: 422 under the price's value, which made every
 * such error, with each distinct message of the rows once.
 */
export function bulkRefusal(preview: BulkPreview): InputError | null {
  if (preview.summary.error === 0) return null;
  const messages = new Set(preview.rows.flatMap((row) => Object.values(row.errors).flat()));
  return new InputError({ 'price.value': [...messages] });
}
