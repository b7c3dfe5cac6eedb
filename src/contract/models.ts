import { z } from 'zod/mini';
import { activeFlag, idRequest, pagedRequest, searchFilters, pagedResponse } from './common.ts';
import {
  blankToMissing,
  capacityField,
  idField,
  catalogueNameField,
  minStockField,
  numericStringToNumber,
  noteField,
  optionalIdField,
  optionalStatusField,
  priceField,
  quantityField,
  statusField,
} from './fields.ts';
import { recordVersion, versionField } from './versions.ts';
import { viewColumnsField } from './views.ts';
import { requiredMessages } from './required-messages.ts';
import { fieldMessages } from './field-messages.ts';
import { isModelSortText, MODELS_PER_PAGE, SIZE_TEXT, type ModelSortText } from './model-words.ts';

// The models list's words that the first screen's route tree reads, kept apart from the schemas.
export * from './model-words.ts';

export const modelRow = z.object({
  id: z.int(),
  brandName: z.string(),
  seriesName: z.string(),
  modelName: z.string(),
  modelCapacityKW: z.nullable(z.number()),
  // Only for the roles that see them (src/domain/model-fields.ts); absent for the others. A role
  // receives either the USD price or the Total the server works out from it (docs/design.md §8.9):
  // whole rupees, null when the stored variables cannot give one.
  modelPriceUsd: z.optional(z.number()),
  modelTotal: z.optional(z.nullable(z.int())),
  modelQuantity: z.optional(z.int()),
  modelMinStock: z.optional(z.int()),
  modelIsActive: z.optional(activeFlag),
});
export type ModelRow = z.infer<typeof modelRow>;

export const modelFilters = z.extend(searchFilters, {
  brandId: optionalIdField(),
  seriesId: optionalIdField(),
  status: optionalStatusField,
  // 1: only models at or below their minimum stock (src/domain/stock.ts); 0 or none: every model.
  lowStock: z.pipe(
    z.transform(numericStringToNumber),
    z.optional(z.union([z.literal(0), z.literal(1)], { error: 'The selected low stock filter is invalid.' })),
  ),
  // docs/design.md §8.8: one of the caller's sizes from models/filter-options ("1.50"); whether it
  // is one of them is the call's to check, with the same message.
  size: z.pipe(
    z.transform(blankToMissing),
    z.optional(z.string({ error: fieldMessages.invalidSize }).check(z.regex(SIZE_TEXT, fieldMessages.invalidSize))),
  ),
});
export type ModelFilters = z.infer<typeof modelFilters>;

/**
 * Absent (or null) is the list's own order; any text but a known key and direction is refused. It
 * stays text after parsing, as the app sends it; parseModelSort reads it.
 */
const modelSortText = z.string({ error: fieldMessages.invalidSort }).check(z.refine(isModelSortText, fieldMessages.invalidSort));
export const modelSortField = z.optional(
  z.pipe(
    z.optional(z.nullable(modelSortText)),
    z.transform((value) => (value == null ? undefined : (value as ModelSortText))),
  ),
);

export const modelsRequest = z.extend(pagedRequest(modelFilters, MODELS_PER_PAGE), { sort: modelSortField });
/**
 * models/export: the list's filters and sort, every matching row (docs/design.md §7.1); `columns`,
 * titles of the role's columns, narrows the sheet to what the screen shows (§8.4).
 */
export const modelsExportRequest = z.object({ filters: modelsRequest.shape.filters, sort: modelSortField, columns: viewColumnsField });
/** The export answers CSV text, not JSON (see CallSpec.answers in calls.ts). */
export const modelsExportResponse = z.string();
export const modelsResponse = pagedResponse(modelRow);

/**
 * models/filter-options: the models list's brand, series and size pickers, for every role
 * (docs/design.md §7.1, §8.8): only what the caller's list can show.
 */
export const filterOptionsResponse = z.object({
  brands: z.array(
    z.object({
      id: z.int(),
      brandName: z.string(),
      series: z.array(z.object({ id: z.int(), seriesName: z.string() })),
    }),
  ),
  // The distinct sizes of the caller's models in tons, ascending: "0.75", "1.00", "1.50".
  sizes: z.array(z.string()),
});
export type FilterOptions = z.infer<typeof filterOptionsResponse>;

export const logFilters = z.object({ modelId: idField('The model id field is required.') });
export const modelLogsRequest = pagedRequest(logFilters, 30);
export const logRow = z.object({
  id: z.int(),
  quantity: z.int(),
  quantityType: z.int(),
  name: z.string(),
  created_at: z.string(),
  note: z.nullable(z.string()),
});
export type LogRow = z.infer<typeof logRow>;
export const modelLogsResponse = pagedResponse(logRow);

export const getModelRequest = idRequest();
export const modelDetail = z.object({
  id: z.int(),
  modelName: z.string(),
  modelCapacityKW: z.nullable(z.number()),
  modelPriceUsd: z.number(),
  modelSeriesId: z.int(),
  modelBrandId: z.int(),
  modelQuantity: z.int(),
  modelMinStock: z.int(),
  seriesName: z.string(),
  brandName: z.string(),
  version: recordVersion,
  // Only for the roles that see the status (src/domain/model-fields.ts). Last, where the server's
  // serializer writes an optional field, so that the mocks' answer reads the same.
  modelIsActive: z.optional(activeFlag),
});
export type ModelDetail = z.infer<typeof modelDetail>;
export const getModelResponse = z.object({ model: modelDetail });

/** Add Stock's and Remove Stock's picker, searched by brand, series and model name (docs/design.md §8.8). */
export const allModelsResponse = z.object({
  models: z.array(z.object({ id: z.int(), modelName: z.string(), seriesName: z.string(), brandName: z.string() })),
});

/** add-stock and remove-stock take the same body (docs/design.md §7.3). */
export const stockMoveRequest = z.object({
  id: idField(requiredMessages.model),
  modelQuantity: quantityField,
  note: noteField,
});
export type StockMoveBody = z.output<typeof stockMoveRequest>;

const modelFields = {
  modelName: catalogueNameField(requiredMessages.modelName),
  modelCapacityKW: capacityField,
  modelPriceUsd: priceField(requiredMessages.modelPriceUsd),
  modelSeriesId: idField(requiredMessages.series),
};
export const addModelRequest = z.object({
  ...modelFields,
  modelMinStock: z.pipe(
    minStockField,
    z.transform((n) => n ?? 0),
  ),
});
export const updateModelRequest = z.object({
  id: idField('The id field is required.'),
  ...modelFields,
  // Missing: the stored threshold stays.
  modelMinStock: z.optional(minStockField),
  modelIsActive: statusField,
  version: versionField,
});
