import { z } from 'zod';
import { variableField } from './fields.ts';
import { recordVersion, versionField } from './versions.ts';

export const variablesShape = {
  tr: variableField('Please enter tr value.', 'tr', true),
  exch: variableField('Please enter exch value.', 'exch', true),
  fare: variableField('Please enter fare value.', 'fare', false),
  duties: variableField('Please enter duties value.', 'duties', false),
  profit: variableField('Please enter profit value.', 'profit', false),
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

/** The models list's EXCH box; its errors travel under `newExch` (SPEC.md §7). */
export const updateExchRequest = z.object({
  exch: variableField('Please enter exch.', 'exch', true),
  version: versionField,
});
