import { z } from 'zod/mini';
import { changeScreens } from './change-screens.ts';

// Since your last visit (docs/design.md §8.2): per user and screen, the server keeps when it was
// last marked seen, and answers what moved since then. What the first screen reads is kept apart
// from the request's schema.
export * from './change-screens.ts';
export { changesResponse, type ChangedModel, type Changes, type VariableChangeRow } from './first-screen-answers.ts';

const screenField = z.pipe(
  z.transform((value) => (value === '' ? undefined : value)),
  z.enum(changeScreens, {
    error: (issue) => (issue.input === undefined ? 'The screen field is required.' : 'The selected screen is invalid.'),
  }),
);

/** changes/since and changes/seen take the same body. */
export const changesRequest = z.object({ screen: screenField });
