import { fieldError } from '#src/contract/errors.ts';
import { done, fieldMessages } from '#src/contract/messages.ts';
import { readImportCsv } from '#src/domain/import-csv.ts';
import { previewImport } from '#src/domain/import-models.ts';
import { defineCall, type MockCall } from '#mocks/define-call.ts';
import type { MockStore } from '#mocks/store-shape.ts';
import { nextId } from '#mocks/store.ts';
import { raiseVersion } from '#mocks/versions.ts';

// models/import-preview and models/import over the mock store, by the same src/domain code as the
// server (server/repositories/import-models.ts), so the demo previews and applies alike.

const previewOf = (store: MockStore, bytes: Uint8Array) =>
  previewImport(readImportCsv(bytes), { brands: store.brands, series: store.series, models: store.models });

/** What models/import-preview answers for this file. */
export const previewInStore = (store: MockStore, bytes: Uint8Array) => ({ preview: previewOf(store, bytes).preview });

/** models/import: every row, or nothing when a row is in error. */
export function importIntoStore(store: MockStore, bytes: Uint8Array) {
  const { preview, plan } = previewOf(store, bytes);
  if (preview.summary.error > 0) throw fieldError('file', fieldMessages.fileHasErrors(preview.summary.error));
  const firstId = nextId(store.models);
  plan.create.forEach(({ seriesId, name, capacityKw, priceUsd }, i) =>
    store.models.push({ id: firstId + i, seriesId, name, capacityKw, priceUsd, quantity: 0, isActive: 1 }),
  );
  for (const change of plan.update) {
    const model = store.models.find((row) => row.id === change.id)!;
    raiseVersion(model);
    Object.assign(model, { capacityKw: change.capacityKw, priceUsd: change.priceUsd });
  }
  return done.modelsImported(plan.create.length, plan.update.length);
}

export const importCalls: MockCall[] = [
  defineCall('models/import-preview', ({ body, store }) => previewInStore(store, body.file.bytes)),
  defineCall('models/import', ({ body, store }) => importIntoStore(store, body.file.bytes)),
];
