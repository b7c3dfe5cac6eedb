import { z } from 'zod';
import { variableField } from './fields.ts';
import { recordVersion, versionField } from './versions.ts';
import { requiredMessages } from './required-messages.ts';

export const variablesShape = {
  tr: variableField(requiredMessages.tr, 'tr', true),
  exch: variableField(requiredMessages.exch, 'exch', true),
  fare: variableField(requiredMessages.fare, 'fare', false),
  duties: variableField(requiredMessages.duties, 'duties', false),
  profit: variableField(requiredMessages.profit, 'profit', false),
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
/** One version for the five together, raised by both variables calls. */
export const variablesResponse = z.object({ variables: variables.extend({ version: recordVersion }) });

/** The models list's EXCH box; its errors travel under `newExch` (docs/product.md §7). */
export const updateExchRequest = z.object({
  exch: variableField(requiredMessages.newExch, 'exch', true),
  version: versionField,
});
