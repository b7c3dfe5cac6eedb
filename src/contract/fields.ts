import { z } from 'zod';
import { requiredMessages } from './required-messages.ts';

// Field schemas shared by every call. Form fields arrive as strings, so numbers are accepted as
// numeric strings, and a blank value counts as missing: it gets the screen's "Please ..." text.

const MAX_NAME = 255;
export const MAX_INT = 2_147_483_647;

function blankToMissing(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  return value;
}

function numericStringToNumber(value: unknown): unknown {
  const present = blankToMissing(value);
  if (typeof present === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(present)) return Number(present);
  return present;
}

function missingOr(required: string, wrongType: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? required : wrongType);
}

/** A trimmed name of 1 to 255 characters. */
export function nameField(required: string) {
  return z.preprocess(
    blankToMissing,
    z
      .string({ error: missingOr(required, 'This field must be text.') })
      .trim()
      .max(MAX_NAME, `This field may not be greater than ${MAX_NAME} characters.`),
  );
}

export function passwordField(required: string) {
  return z.preprocess(
    blankToMissing,
    z
      .string({ error: missingOr(required, 'The password must be text.') })
      .min(8, 'The password must be at least 8 characters.')
      .max(MAX_NAME, `The password may not be greater than ${MAX_NAME} characters.`),
  );
}

/** On update calls an empty password means "keep the stored one". */
export const optionalPasswordField = z.preprocess(
  blankToMissing,
  z
    .string({ error: 'The password must be text.' })
    .min(8, 'The password must be at least 8 characters.')
    .max(MAX_NAME, `The password may not be greater than ${MAX_NAME} characters.`)
    .optional(),
);

/** A record id: a positive whole number that fits the databases' integer columns. */
export function idField(required: string) {
  return z.preprocess(
    numericStringToNumber,
    z
      .number({ error: missingOr(required, 'The selected value is invalid.') })
      .int('The selected value is invalid.')
      .min(1, 'The selected value is invalid.')
      .max(MAX_INT, 'The selected value is invalid.'),
  );
}

export const statusField = z.preprocess(
  numericStringToNumber,
  z.union([z.literal(0), z.literal(1)], {
    error: missingOr(requiredMessages.status, 'The selected status is invalid.'),
  }),
);

export const roleIdField = z.preprocess(
  numericStringToNumber,
  z.union([z.literal(1), z.literal(2), z.literal(3)], {
    error: missingOr(requiredMessages.role, 'The selected role is invalid.'),
  }),
);

export const quantityField = z.preprocess(
  numericStringToNumber,
  z
    .number({ error: missingOr(requiredMessages.quantity, 'Please enter integer value.') })
    .int('Please enter integer value.')
    .min(1, 'Please enter value greater than 0.')
    .max(1_000_000, 'Please enter value up to 1000000.'),
);

function hasAtMostDecimals(n: number, places: number): boolean {
  // Sign allowed here: a negative value is the range rule's to report, not this one's.
  return new RegExp(`^-?\\d+(\\.\\d{1,${places}})?$`).test(String(n));
}

/** USD price: 0 to 99,999,999.99, at most 2 decimals (stored as whole cents). */
export function priceField(required: string) {
  return z.preprocess(
    numericStringToNumber,
    z
      .number({ error: missingOr(required, 'The price must be a number.') })
      .min(0, 'The price must be at least 0.')
      .max(99_999_999.99, 'The price may not be greater than 99999999.99.')
      .refine((n) => hasAtMostDecimals(n, 2), 'The price may have at most 2 decimals.'),
  );
}

/** Capacity in kW: optional, 0 to 999,999.999, at most 3 decimals; blank means "none". */
export const capacityField = z.preprocess(
  numericStringToNumber,
  z
    .number({ error: 'The capacity must be a number.' })
    .min(0, 'The capacity must be at least 0.')
    .max(999_999.999, 'The capacity may not be greater than 999999.999.')
    .refine((n) => hasAtMostDecimals(n, 3), 'The capacity may have at most 3 decimals.')
    .nullish()
    .transform((n) => n ?? null),
);

const DECIMAL = /^\d{1,12}(\.\d{1,10})?$/;

/**
 * A pricing variable: kept as the exact decimal text entered (trimmed), so "0.20" stays "0.20".
 * `positive` variables (tr, exch) must be greater than 0; the ratios may be 0.
 */
export function variableField(required: string, label: string, positive: boolean) {
  const rule = positive ? 'a number greater than 0' : 'a number of 0 or more';
  return z.preprocess(
    (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : blankToMissing(value)),
    z
      .string({ error: missingOr(required, `The ${label} must be ${rule}.`) })
      .trim()
      .refine((s) => DECIMAL.test(s) && (!positive || /[1-9]/.test(s)), `The ${label} must be ${rule}.`),
  );
}

/** A free-text search filter; blank means no filter. */
export const searchField = z.preprocess(blankToMissing, z.string({ error: 'The search must be text.' }).trim().max(MAX_NAME).optional());

export function optionalIdField() {
  return z.preprocess(
    numericStringToNumber,
    z
      .number({ error: 'The selected value is invalid.' })
      .int('The selected value is invalid.')
      .min(1, 'The selected value is invalid.')
      .max(MAX_INT, 'The selected value is invalid.')
      .optional(),
  );
}
