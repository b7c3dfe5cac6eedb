import { z } from 'zod/mini';
import { auditChanges } from './audit.ts';
import { writeResponse } from './common.ts';
import { exactDecimal, idField, MAX_PRICE_USD, minStockField, missingOr, numericStringToNumber, optionalStatusField } from './fields.ts';
import { modelsRequest } from './models.ts';

// models/bulk-update (docs/design.md §8.4): one change to many models, previewed row by row and
// applied all or nothing. The price rule and the rows' preview are src/domain/bulk-update.ts's.

/** The most models one call may name by id; the list's filters may match any number. */
export const BULK_MAX_IDS = 1_000;

export const bulkMessages = {
  idsRequired: 'The ids field is required when filters is not present.',
  idsProhibited: 'The ids field is prohibited when filters is present.',
  idsNotList: 'The ids must be a list.',
  noIds: 'The ids must have at least 1 item.',
  tooManyIds: `The ids may not have more than ${BULK_MAX_IDS} items.`,
  changeRequired: 'The set field is required when price is not present.',
  priceNotPositive: 'The price must be greater than 0.',
};

export const priceChangeModes = ['percent', 'amount', 'set'] as const;
export type PriceChangeMode = (typeof priceChangeModes)[number];

const VALUE_MESSAGE = `The value must be a number between -${MAX_PRICE_USD} and ${MAX_PRICE_USD}.`;

/**
 * `percent` and `amount` change Price USD by that much (either way), `set` replaces it; whether a
 * result is a price is each row's to say (its error), so the value is only bounded as a price is.
 */
const priceChange = z.object(
  {
    mode: z.enum(priceChangeModes, { error: missingOr('The mode field is required.', 'The selected mode is invalid.') }),
    value: z.pipe(
      z.transform(exactDecimal(2, 'The value may have at most 2 decimals.')),
      z
        .number({ error: missingOr('The value field is required.', VALUE_MESSAGE) })
        .check(z.gte(-MAX_PRICE_USD, VALUE_MESSAGE), z.lte(MAX_PRICE_USD, VALUE_MESSAGE)),
    ),
  },
  { error: 'The price must be an object.' },
);
export type PriceChange = z.output<typeof priceChange>;

/** The fields every model gets as they are; missing ones stay as each model has them. */
const setFields = z.object({ modelIsActive: optionalStatusField, modelMinStock: minStockField }, { error: 'The set must be an object.' });

// null is as good as missing, as in the other optional objects of the contract.
const nullIsMissing = (value: unknown) => value ?? undefined;

const idList = z
  .array(idField('The selected model is invalid.'), { error: bulkMessages.idsNotList })
  .check(z.minLength(1, bulkMessages.noIds), z.maxLength(BULK_MAX_IDS, bulkMessages.tooManyIds));
const idsField = z.pipe(z.transform(nullIsMissing), z.optional(idList));

const previewField = z.pipe(
  z.transform(numericStringToNumber),
  z.union([z.literal(0), z.literal(1)], { error: missingOr('The preview field is required.', 'The selected preview is invalid.') }),
);

/**
 * `{ids | filters, set?, price?, preview}`: the models by id (1–1,000) or every model the models
 * list's filters match (its own filters schema; `{}` is every model), never both nor neither; at
 * least one change; `preview: 1` answers what would change and writes nothing.
 */
export const bulkUpdateRequest = z
  .object({
    ids: idsField,
    filters: z.optional(modelsRequest.shape.filters),
    set: z.pipe(z.transform(nullIsMissing), z.optional(setFields)),
    price: z.pipe(z.transform(nullIsMissing), z.optional(priceChange)),
    preview: previewField,
  })
  .check(
    z.superRefine((body, ctx) => {
      if (body.ids === undefined && body.filters === undefined)
        ctx.addIssue({ code: 'custom', path: ['ids'], message: bulkMessages.idsRequired });
      if (body.ids !== undefined && body.filters !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['ids'], message: bulkMessages.idsProhibited });
      }
      if (body.price === undefined && body.set?.modelIsActive === undefined && body.set?.modelMinStock === undefined) {
        ctx.addIssue({ code: 'custom', path: ['set'], message: bulkMessages.changeRequired });
      }
    }),
  );
export type BulkUpdateBody = z.output<typeof bulkUpdateRequest>;
/** What every selected model is changed by. */
export type BulkChange = Pick<BulkUpdateBody, 'set' | 'price'>;

/**
 * One model of the preview. `changes` is what its `model.update` audit entry will hold: each field
 * that changes, by the contract's name, as `[old, new]`; `errors` each field's messages (a price
 * that would not stay above 0). docs/decisions.md says why these shapes.
 */
export const bulkPreviewRow = z.object({
  id: z.int(),
  brandName: z.string(),
  seriesName: z.string(),
  modelName: z.string(),
  changes: auditChanges,
  errors: z.record(z.string(), z.array(z.string())),
});
export type BulkPreviewRow = z.infer<typeof bulkPreviewRow>;

export const bulkSummary = z.object({
  update: z.int(),
  unchanged: z.int(),
  error: z.int(),
});

export const bulkPreviewResponse = z.object({ preview: z.object({ rows: z.array(bulkPreviewRow), summary: bulkSummary }) });
export type BulkPreview = z.infer<typeof bulkPreviewResponse>['preview'];

/** `preview: 1` answers the preview; `preview: 0` the write's message ('N models updated.'). */
export const bulkUpdateResponse = z.union([bulkPreviewResponse, writeResponse]);
