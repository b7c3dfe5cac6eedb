import { z } from 'zod/mini';
import {
  characterCount,
  hasControl,
  hasDisguising,
  hasInvisible,
  INVISIBLE_MESSAGE,
  mixesAlphabets,
  MIXED_ALPHABETS_MESSAGE,
  normalizeName,
  text,
} from './text.ts';
import { requiredMessages } from './required-messages.ts';
import { compareDecimalText, PLAIN_DECIMAL } from './decimal-text.ts';
import { plainDecimal } from './json.ts';

// Field schemas shared by every call. Form fields arrive as strings, so numbers are accepted as
// numeric strings, and a blank value counts as missing: it gets the screen's "Please ..." text.

const MAX_NAME = 255;
export const MAX_INT = 2_147_483_647;

// A tab or a line break is blank to trim() but is a control character, and U+FEFF is blank to it
// but a zero-width one: refused, never "missing".
export function blankToMissing(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value === 'string' && value.trim() === '' && !hasControl(value) && !hasDisguising(value)) return undefined;
  return value;
}

// A decimal as text: form fields send it so, and the JSON body parser hands a JSON number over as
// its text whenever that names another value than the parsed double (contract/json.ts).
// Spaces around it are fine; a tab or line break is a control character, refused (text.ts).
const NUMERIC = /^ *-?\d+(\.\d+)? *$/;

export function numericStringToNumber(value: unknown): unknown {
  const present = blankToMissing(value);
  if (typeof present === 'string' && NUMERIC.test(present)) return Number(present);
  return present;
}

export function missingOr(required: string, wrongType: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? required : wrongType);
}

function normalizedName(required: string) {
  const normalized = z.pipe(text(missingOr(required, 'This field must be text.')), z.transform(normalizeName));
  return z.pipe(
    normalized,
    z.string().check(
      z.minLength(1, required),
      z.refine((name) => !hasInvisible(name), INVISIBLE_MESSAGE),
      z.maxLength(MAX_NAME, `This field may not be greater than ${MAX_NAME} characters.`),
    ),
  );
}

/** A person's name or a username: trimmed, NFKC-normalised, 1 to 255 characters, nothing invisible. */
export function nameField(required: string) {
  return z.pipe(z.transform(blankToMissing), normalizedName(required));
}

/** A brand, series or model name: a name, in one alphabet, so no look-alike passes for another. */
export function catalogueNameField(required: string) {
  return z.pipe(
    z.transform(blankToMissing),
    normalizedName(required).check(z.refine((name) => !mixesAlphabets(name), MIXED_ALPHABETS_MESSAGE)),
  );
}

/** A password as typed, never trimmed or normalised: 8 to 255 characters, counted as a person does. */
function password(error: Parameters<typeof text>[0]) {
  return text(error).check(
    z.refine((value) => characterCount(value) >= 8, 'The password must be at least 8 characters.'),
    z.refine((value) => characterCount(value) <= MAX_NAME, `The password may not be greater than ${MAX_NAME} characters.`),
  );
}

/** Blank (spaces only) is no password: the required message, on every call that sets one. */
export function passwordField(required: string) {
  return z.pipe(z.transform(blankToMissing), password(missingOr(required, 'The password must be text.')));
}

/**
 * On update calls an empty password means "keep the stored one"; spaces only are not empty but
 * blank, and get the required message like everywhere else.
 */
export const optionalPasswordField = z.pipe(
  z.transform((value): unknown => (value === '' || value === null ? undefined : value)),
  z.optional(passwordField(requiredMessages.password)),
);

type Bound = [limit: number, message: string];

/** A whole number from `min` to `max`: `error` when it is no number, `notWhole` with a fraction, each bound with its message. */
export function wholeNumber(error: Parameters<typeof text>[0], notWhole: string, [min, belowMin]: Bound, [max, aboveMax]: Bound) {
  return z.number({ error }).check(z.int(notWhole), z.gte(min, belowMin), z.lte(max, aboveMax));
}

/** A record id: a positive whole number that fits the databases' integer columns. */
export function idField(required: string) {
  const invalid = 'The selected value is invalid.';
  return z.pipe(z.transform(numericStringToNumber), wholeNumber(missingOr(required, invalid), invalid, [1, invalid], [MAX_INT, invalid]));
}

export const statusField = z.pipe(
  z.transform(numericStringToNumber),
  z.union([z.literal(0), z.literal(1)], {
    error: missingOr(requiredMessages.status, 'The selected status is invalid.'),
  }),
);

/** A status that may be left out (a filter, a bulk edit's new status): 0 or 1, blank is none. */
export const optionalStatusField = z.pipe(
  z.transform(numericStringToNumber),
  z.optional(z.union([z.literal(0), z.literal(1)], { error: 'The selected status is invalid.' })),
);

export const roleIdField = z.pipe(
  z.transform(numericStringToNumber),
  z.union([z.literal(1), z.literal(2), z.literal(3)], {
    error: missingOr(requiredMessages.role, 'The selected role is invalid.'),
  }),
);

export const quantityField = z.pipe(
  z.transform(numericStringToNumber),
  wholeNumber(
    missingOr(requiredMessages.quantity, 'Please enter integer value.'),
    'Please enter integer value.',
    [1, 'Please enter value greater than 0.'],
    [1_000_000, 'Please enter value up to 1000000.'],
  ),
);

/** A model's threshold of low stock: a whole number, 0 (none) up to the largest quantity; blank is none given. */
export const minStockField = z.pipe(
  z.transform(numericStringToNumber),
  z.optional(
    wholeNumber(
      'The minimum stock must be a whole number.',
      'The minimum stock must be a whole number.',
      [0, 'The minimum stock must be at least 0.'],
      [1_000_000, 'The minimum stock may not be greater than 1000000.'],
    ),
  ),
);

/** A free note on a stock move (an order number…): trimmed, up to 255 characters; blank is none. */
export const noteField = z.pipe(
  z.transform(blankToMissing),
  z.optional(
    text('The note must be text.').check(z.trim(), z.maxLength(MAX_NAME, `The note may not be greater than ${MAX_NAME} characters.`)),
  ),
);

/**
 * Decimal places of the exact value a numeric text names, so "12.340" has 2 and "1.2345e2" 2,
 * while "12.349999999999999999" has 18 (a double would have rounded it into 12.35).
 */
function decimalPlaces(numeric: string): number {
  const [, whole = '', fraction = '', exponent = '0'] = /^\s*-?(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?\s*$/i.exec(numeric) ?? [];
  const trailingZeros = /0*$/.exec(whole + fraction)![0].length;
  return Math.max(0, fraction.length - Number(exponent) - trailingZeros);
}

/** A number as its text says, judged for decimals on that text before it becomes a double. */
export function exactDecimal(places: number, tooPrecise: string) {
  return (value: unknown, ctx: z.core.ParsePayload): unknown => {
    const present = numericStringToNumber(value);
    // A double's own text ("1e-7" included) is the exact value it holds.
    const sent = typeof value === 'string' ? value : String(present);
    if (typeof present === 'number' && Number.isFinite(present) && decimalPlaces(sent) > places) {
      // zod/mini's transform gives no addIssue: the issue goes in as classic's addIssue put it.
      ctx.issues.push({ code: 'custom', message: tooPrecise, input: value });
    }
    return present;
  };
}

/** The highest USD price a model may have, and what is said of a higher one (a field, a bulk change's result). */
export const MAX_PRICE_USD = 99_999_999.99;
export const priceTooLargeMessage = 'The price may not be greater than 99999999.99.';

/** USD price: 0 to 99,999,999.99, at most 2 decimals (stored as whole cents). */
export function priceField(required: string) {
  return z.pipe(
    z.transform(exactDecimal(2, 'The price may have at most 2 decimals.')),
    z
      .number({ error: missingOr(required, 'The price must be a number.') })
      .check(z.gte(0, 'The price must be at least 0.'), z.lte(MAX_PRICE_USD, priceTooLargeMessage)),
  );
}

/** Capacity in kW: optional, 0 to 999,999.999, at most 3 decimals; blank means "none". */
const capacity = z
  .number({ error: 'The capacity must be a number.' })
  .check(z.gte(0, 'The capacity must be at least 0.'), z.lte(999_999.999, 'The capacity may not be greater than 999999.999.'));

export const capacityField = z.pipe(
  z.transform(exactDecimal(3, 'The capacity may have at most 3 decimals.')),
  z.pipe(
    z.optional(z.nullable(capacity)),
    z.transform((n: number | null | undefined) => n ?? null),
  ),
);

const DECIMAL = /^\d{1,12}(\.\d{1,10})?$/;

/** The values a variable may take, both ends included, and what is said of any other number. */
export type VariableBounds = { min: string; max: string; message: string };

const withinBounds = (value: string, { min, max }: VariableBounds) =>
  compareDecimalText(value, min) >= 0 && compareDecimalText(value, max) <= 0;

/**
 * A pricing variable: kept as the exact decimal text entered (trimmed), so "0.20" stays "0.20".
 * `positive` variables (tr, exch) must be greater than 0; the ratios may be 0. A number outside
 * `bounds`, compared exactly as the text says, is refused with their message; text that is no
 * plain decimal, or one with more digits than is stored, with the field's own rule.
 */
export function variableField(required: string, label: string, positive: boolean, bounds?: VariableBounds) {
  const rule = `The ${label} must be ${positive ? 'a number greater than 0' : 'a number of 0 or more'}.`;
  return z.pipe(
    // A JSON number as the decimal it names: 1e-10 is "0.0000000001", judged by the bounds too.
    z.transform((value) => (typeof value === 'number' && Number.isFinite(value) ? plainDecimal(String(value)) : blankToMissing(value))),
    text(missingOr(required, rule)).check(
      z.trim(),
      z.superRefine((value: string, ctx) => {
        if (bounds && PLAIN_DECIMAL.test(value) && !withinBounds(value, bounds)) ctx.addIssue({ code: 'custom', message: bounds.message });
        else if (!DECIMAL.test(value) || (positive && !/[1-9]/.test(value))) ctx.addIssue({ code: 'custom', message: rule });
      }),
    ),
  );
}

/** A free-text search filter, normalised as names are; blank means no filter. */
const search = text('The search must be text.').check(
  z.trim(),
  z.maxLength(MAX_NAME, `The search may not be greater than ${MAX_NAME} characters.`),
);

export const searchField = z.pipe(z.transform(blankToMissing), z.optional(z.pipe(search, z.transform(normalizeName))));

export function optionalIdField() {
  return z.pipe(
    z.transform(numericStringToNumber),
    z.optional(
      z
        .number({ error: 'The selected value is invalid.' })
        .check(
          z.int('The selected value is invalid.'),
          z.gte(1, 'The selected value is invalid.'),
          z.lte(MAX_INT, 'The selected value is invalid.'),
        ),
    ),
  );
}
