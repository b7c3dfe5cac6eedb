import { z } from 'zod/mini';
import type { ImageUpload } from './common.ts';
import { minStockField } from './fields.ts';
import { addModelRequest } from './models.ts';

/** The largest spreadsheet models/import takes: 5 MiB (docs/design.md §7.4), whatever UPLOAD_MAX_BYTES says for images. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** The most data rows (the header not counted) one import takes. */
export const IMPORT_MAX_ROWS = 10_000;
/** The most columns a file may have (docs/design.md §8.9). */
export const IMPORT_MAX_COLUMNS = 100;
/** The longest cell a row may have; no answer echoes more of a cell than this. */
export const IMPORT_MAX_CELL_CHARS = 1_000;

/** The columns an import reads, by the header titles a models/export writes (the screen names fields by them too). */
export const importColumns = {
  brandName: 'Brand',
  seriesName: 'Series',
  modelName: 'Model',
  modelPriceUsd: 'Price USD',
  modelCapacityKW: 'Capacity-KW',
  modelMinStock: 'Minimum Stock',
} as const;
export type ImportColumn = keyof typeof importColumns;

const isUpload = (value: unknown): value is ImageUpload =>
  typeof value === 'object' && value !== null && (value as ImageUpload).bytes instanceof Uint8Array;

/** `{file}`: the CSV as uploaded; what is inside is read by src/domain/import-models.ts. */
export const importRequest = z.object({
  file: z.pipe(
    z.transform((v) => (v === null || v === '' ? undefined : v)),
    z.custom<ImageUpload>(isUpload, {
      error: (iss) => (iss.input === undefined ? 'Please choose a file.' : 'The file must be a CSV file.'),
    }),
  ),
});

/** One row of the file, checked by the add-model rules and messages. */
const pickedModelFields = z.pick(addModelRequest, { modelName: true, modelCapacityKW: true, modelPriceUsd: true });
export const importedFields = z.extend(pickedModelFields, {
  modelMinStock: minStockField,
});
export type ImportedFields = z.output<typeof importedFields>;

export const importActions = ['create', 'update', 'unchanged', 'error'] as const;
export type ImportAction = (typeof importActions)[number];

const fieldValue = z.union([z.number(), z.string(), z.null()]);

export const previewRow = z.object({
  line: z.int(),
  brandName: z.string(),
  seriesName: z.string(),
  modelName: z.string(),
  action: z.enum(importActions),
  /** As in the audit log: each changed field → [old, new] (old null for a new model). */
  changes: z.record(z.string(), z.tuple([fieldValue, fieldValue])),
  errors: z.record(z.string(), z.array(z.string())),
});
export type PreviewRow = z.infer<typeof previewRow>;

export const importSummary = z.object({
  create: z.int(),
  update: z.int(),
  unchanged: z.int(),
  error: z.int(),
});
export type ImportSummary = z.infer<typeof importSummary>;

export const importPreviewResponse = z.object({ preview: z.object({ rows: z.array(previewRow), summary: importSummary }) });
export type ImportPreview = z.infer<typeof importPreviewResponse>['preview'];
