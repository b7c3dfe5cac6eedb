import { z } from 'zod';
import { variableNames } from './variables.ts';

// Since your last visit (docs/design.md §8.2): per user and screen, the server keeps when it was
// last marked seen, and answers what moved since then.

/** The screens whose visits are kept. */
export const changeScreens = ['models'] as const;
export type ChangeScreen = (typeof changeScreens)[number];

/** At most this many changed models are answered, the largest changes first. */
export const MAX_CHANGED_MODELS = 1000;

const screenField = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.enum(changeScreens, {
    error: (issue) => (issue.input === undefined ? 'The screen field is required.' : 'The selected screen is invalid.'),
  }),
);

/** changes/since and changes/seen take the same body. */
export const changesRequest = z.object({ screen: screenField });

export const variableChange = z.object({
  variable: z.enum(variableNames),
  oldValue: z.string(),
  newValue: z.string(),
  createdAt: z.string(),
});
export type VariableChangeRow = z.infer<typeof variableChange>;

export const changedModel = z.object({
  id: z.number().int(),
  previousTotal: z.number().int(),
  total: z.number().int(),
});
export type ChangedModel = z.infer<typeof changedModel>;

export const changes = z.object({
  /** When the screen was last marked seen (ISO time); on a first visit, now. */
  since: z.string(),
  /** Every change of a variable the role sees, after `since`, oldest first. */
  variables: z.array(variableChange),
  models: z.array(changedModel),
});
export type Changes = z.infer<typeof changes>;
export const changesResponse = z.object({ changes });
