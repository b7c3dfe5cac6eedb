import { fieldError } from '#src/contract/errors.ts';
import { fieldMessages } from '#src/contract/field-messages.ts';
import { done } from '#src/contract/messages.ts';
import { readImportCsv } from '#src/domain/import-csv.ts';
import { previewImport } from '#src/domain/import-models.ts';
import { defineCall, type MockCall } from '#mocks/define-call.ts';
import { auditedInsert, modelFields } from '#mocks/audit.ts';
import type { MockModel, MockStore } from '#mocks/store-shape.ts';
import { nextId } from '#mocks/store.ts';
import { auditedUpdate, versionOf } from '#mocks/versions.ts';

// models/import-preview and models/import over the mock store, by the same src/domain code as the
// server (server/repositories/import-models.ts), so the demo previews and applies alike. The file
// is read in one go and applied in the same turn, so nothing can change the store in between, and
// no second import can run meanwhile.

const previewOf = (store: MockStore, bytes: Uint8Array) =>
  previewImport(readImportCsv(bytes), {
    brands: store.brands,
    series: store.series,
    models: store.models.map((model) => ({ ...model, version: versionOf(model) })),
  });

/** What models/import-preview answers for this file. */
export const previewInStore = (store: MockStore, bytes: Uint8Array) => ({ preview: previewOf(store, bytes).preview });

/** models/import: every row, or nothing when a row is in error; a `model.import` entry per model written. */
export function importIntoStore(store: MockStore, user: { id: number; name: string }, bytes: Uint8Array) {
  const { preview, plan } = previewOf(store, bytes);
  if (preview.summary.error > 0) throw fieldError('file', fieldMessages.fileHasErrors(preview.summary.error));
  for (const { seriesId, name, capacityKw, priceUsd, minStock } of plan.create) {
    const model: MockModel = {
      id: nextId(store.models),
      seriesId,
      name,
      capacityKw,
      priceUsd,
      quantity: 0,
      minStock: minStock ?? 0,
      isActive: 1,
    };
    auditedInsert(store, user, store.models, model, { action: 'model.import', fields: modelFields });
  }
  for (const change of plan.update) {
    auditedUpdate(store, user, {
      record: store.models.find((row) => row.id === change.id)!,
      // Only the file's columns, as the server writes them (server/repositories/import-models.ts).
      set: (model) =>
        Object.assign(model, {
          priceUsd: change.priceUsd,
          ...(change.capacityKw !== undefined && { capacityKw: change.capacityKw }),
          ...(change.minStock !== undefined && { minStock: change.minStock }),
        }),
      audit: { action: 'model.import', name: (after) => after.name, fields: modelFields },
    });
  }
  return done.modelsImported(plan.create.length, plan.update.length);
}

export const importCalls: MockCall[] = [
  defineCall('models/import-preview', ({ body, store }) => previewInStore(store, body.file.bytes)),
  defineCall('models/import', ({ body, store, user }) => importIntoStore(store, user, body.file.bytes)),
];
