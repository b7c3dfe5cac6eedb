import { z } from 'zod/mini';
import { activeFlag, idRequest } from './common.ts';
import { blankToMissing, nameField, numericStringToNumber, optionalIdField } from './fields.ts';
import { text } from './text.ts';
import { MAX_VIEW_COLUMNS, MAX_VIEW_SEARCH, viewScreens } from './view-limits.ts';

// The screens and limits that the first screen's route tree reads, kept apart from the schemas.
export * from './view-limits.ts';

// Saved views (docs/design.md §8.4): a name for a list's search and columns, kept on the server per
// user and screen, personal or shared. Which searches and columns are valid is the domain's
// (src/domain/views.ts): it knows each screen's search and the columns each role sees.

export const viewMessages = {
  invalidSearch: 'The selected search is invalid.',
  invalidColumns: 'The selected columns are invalid.',
  nameTaken: 'The name has already been taken.',
  unknownView: 'The selected view is invalid.',
};

const screenField = z.pipe(
  z.transform(blankToMissing),
  z.enum(viewScreens, {
    error: (issue) => (issue.input === undefined ? 'The screen field is required.' : 'The selected screen is invalid.'),
  }),
);

/** Column titles (a view's, an export's): missing or null is the screen's own columns; at least one. */
export const viewColumnsField = z.pipe(
  z.transform((value) => value ?? undefined),
  z.optional(
    z
      .array(text(viewMessages.invalidColumns), { error: viewMessages.invalidColumns })
      .check(z.minLength(1, viewMessages.invalidColumns), z.maxLength(MAX_VIEW_COLUMNS, viewMessages.invalidColumns)),
  ),
);

const flagField = (message: string) =>
  z.pipe(z.transform(numericStringToNumber), z.optional(z.union([z.literal(0), z.literal(1)], { error: message })));

export const viewsRequest = z.object({ screen: screenField });

export const saveViewRequest = z.object({
  id: optionalIdField(),
  screen: screenField,
  name: nameField('Please enter name.'),
  // Blank is the list's plain address, no filter.
  search: z.pipe(
    z.transform((value) => (value === null || value === undefined ? '' : value)),
    text(viewMessages.invalidSearch).check(z.maxLength(MAX_VIEW_SEARCH, viewMessages.invalidSearch)),
  ),
  columns: viewColumnsField,
  shared: flagField('The selected shared value is invalid.'),
  isDefault: flagField('The selected default value is invalid.'),
});
export type SaveViewBody = z.output<typeof saveViewRequest>;

export const deleteViewRequest = idRequest();

export const savedView = z.object({
  id: z.int(),
  name: z.string(),
  search: z.string(),
  /** The titles to show, in the screen's order, only those the reader's role sees; null: the screen's own. */
  columns: z.nullable(z.array(z.string())),
  shared: activeFlag,
  isDefault: activeFlag,
  ownerName: z.string(),
  mine: activeFlag,
});
export type SavedView = z.infer<typeof savedView>;
export const viewsResponse = z.object({ views: z.array(savedView) });
