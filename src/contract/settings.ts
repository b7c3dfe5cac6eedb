import { z } from 'zod/mini';
import type { Settings } from './first-screen-answers.ts';
import { numericStringToNumber } from './fields.ts';
import { multilineText, text } from './text.ts';
import { versionField } from './versions.ts';

// The business's own settings (docs/design.md §8): one record, read by every signed-in user (the
// print sheet names the company), written by admins.

const MAX_LINE = 255;
const MAX_LINES = 2000;

export { twoFactorLevels, type TwoFactorLevel } from './first-screen-answers.ts';

// A field left out keeps what is stored; blank (or null) is the empty text, which is a value here.
const emptyWhenNull = (value: unknown) => (value === null ? '' : value);

function lineField(label: string) {
  const line = text(`The ${label} must be text.`).check(
    z.trim(),
    z.maxLength(MAX_LINE, `The ${label} may not be greater than ${MAX_LINE} characters.`),
  );
  return z.pipe(z.transform(emptyWhenNull), z.optional(line));
}

function linesField(label: string) {
  const trimmed = z.string().check(z.trim(), z.maxLength(MAX_LINES, `The ${label} may not be greater than ${MAX_LINES} characters.`));
  const lines = z.pipe(multilineText(`The ${label} must be text.`), trimmed);
  return z.pipe(z.transform(emptyWhenNull), z.optional(lines));
}

const LEVEL_MESSAGE = 'The selected two-factor level is invalid.';

const settingsShape = {
  companyName: lineField('company name'),
  companyAddress: linesField('company address'),
  companyPhone: lineField('company phone'),
  quoteTerms: linesField('quote terms'),
  // Blank or null is left out, like any field not sent: the stored level stays.
  twoFactorRequiredLevel: z.pipe(
    z.transform(numericStringToNumber),
    z.optional(z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)], { error: LEVEL_MESSAGE })),
  ),
};
export const updateSettingsRequest = z.object({ ...settingsShape, version: versionField });

// The answer is read by the first screen (the sentence of what changed names the business day),
// so it is written in first-screen-answers.ts.
export { settings, settingsResponse, type Settings } from './first-screen-answers.ts';

export const settingNames = [
  'companyName',
  'companyAddress',
  'companyPhone',
  'quoteTerms',
  'twoFactorRequiredLevel',
] as const satisfies readonly (keyof Settings)[];

/** What the two-factor level says when it would lock its own admin out (docs/design.md §8). */
export const SECOND_FACTOR_FIRST = 'Set up two-factor sign-in for yourself first.';
