import { z } from 'zod/mini';
import { pagedRequest, pagedResponse, writeResponse } from './common.ts';
import { variableField, type VariableBounds } from './fields.ts';
import { recordVersion, versionField } from './versions.ts';
import { requiredMessages } from './required-messages.ts';
import { variableNames } from './variable-names.ts';

// The names that the first screen's code reads, kept apart from the schemas.
export * from './variable-names.ts';

const between = (label: string, min: string, max: string): VariableBounds => ({
  min,
  max,
  message: `The ${label} must be between ${min} and ${max}.`,
});

/**
 * What each variable may be, both ends included (docs/design.md §8.9): an EXCH of 0.0000000001
 * made every Total 0.
 */
export const variableBounds = {
  tr: between('TR', '0.1', '100'),
  exch: between('EXCH', '1', '100000'),
  fare: between('FARE', '0', '10'),
  duties: between('DUTIES', '0', '10'),
  profit: between('PROFIT', '0', '10'),
} as const;

export const variablesShape = {
  tr: variableField(requiredMessages.tr, 'tr', true, variableBounds.tr),
  exch: variableField(requiredMessages.exch, 'exch', true, variableBounds.exch),
  fare: variableField(requiredMessages.fare, 'fare', false, variableBounds.fare),
  duties: variableField(requiredMessages.duties, 'duties', false, variableBounds.duties),
  profit: variableField(requiredMessages.profit, 'profit', false, variableBounds.profit),
};
export const updateVariablesRequest = z.object({ ...variablesShape, version: versionField });

export const variables = z.object({
  tr: z.string(),
  exch: z.string(),
  fare: z.string(),
  duties: z.string(),
  profit: z.string(),
});
export type Variables = z.infer<typeof variables>;
/**
 * One version for the five together, raised by both variables calls. Those who work prices out
 * receive the five; Sales only the TR and the rate their screens show (src/domain/variables-seen.ts,
 * docs/design.md §8.9): with the ratios, the USD prices would give Cost and Profit.
 */
export const allVariables = z.extend(variables, { version: recordVersion });
export const rateVariables = z.extend(z.pick(variables, { tr: true, exch: true }), { version: recordVersion });
// The five first: a union takes the first shape that fits, and the rate alone would fit any answer.
export const variablesAnswer = z.union([allVariables, rateVariables]);
export type VariablesAnswer = z.infer<typeof variablesAnswer>;
export const variablesResponse = z.object({ variables: variablesAnswer });

const PREVIOUS_EXCH_RULE = 'The previous exch must be a number greater than 0.';

/**
 * The models list's EXCH box; its errors travel under `newExch` (docs/product.md §7).
 * `previousExch` is the rate the sender saw: another rate stored means someone else changed it
 * meanwhile, and nothing is written (docs/design.md §7.2).
 */
export const updateExchRequest = z.object({
  exch: variableField(requiredMessages.newExch, 'exch', true, variableBounds.exch),
  // The rate as seen is only compared, never stored: a rate from before the bounds is still one.
  previousExch: z.optional(variableField(PREVIOUS_EXCH_RULE, 'previous exch', true)),
  version: versionField,
});

/**
 * The EXCH box's 200: the message, and the variables' version after this change, which its Undo
 * sends back, so an Undo is refused when anyone changed them since, even back to this same rate
 * (docs/design.md §8.9).
 */
export const updateExchResponse = z.object({ ...writeResponse.shape, version: recordVersion });

/** variables/history (docs/design.md §7.2): one variable's changes, or all of them. */
export const historyFilters = z.object({
  variable: z.pipe(
    z.transform((v) => (v === null || v === '' ? undefined : v)),
    z.optional(z.enum(variableNames, { error: 'The selected variable is invalid.' })),
  ),
});
export const variableHistoryRequest = pagedRequest(historyFilters, 30);
export const historyRow = z.object({
  id: z.int(),
  variable: z.enum(variableNames),
  oldValue: z.string(),
  newValue: z.string(),
  userName: z.string(),
  createdAt: z.string(),
});
export type HistoryRow = z.infer<typeof historyRow>;
export const variableHistoryResponse = pagedResponse(historyRow);

// Each wire name is one of the variables' own fields.
variableNames satisfies readonly (keyof Variables)[];
