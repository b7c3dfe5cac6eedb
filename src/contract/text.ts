import { z } from 'zod/mini';
import './zod-english.ts';

// The text rules every string of every call keeps (docs/design.md §7.2, §7.6). Each call's string
// fields are built on `text()`, so no call can take a string that skips them.

// C0 and C1 controls, NUL included: PostgreSQL cannot store a NUL, and none of them belongs in a
// name, a search or a password. Checked on the text as sent, before any trimming.
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// Format characters (U+200B, U+200D, U+FEFF, U+2060, bidi marks…), the rest of what Unicode says
// to draw as nothing, and line or paragraph separators: two names that differ only by them look
// identical.
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Zl}\p{Zp}]/u;
// Of those, the ones that disguise any text, not only a name (docs/design.md §8.9): bidirectional
// controls reorder what is shown (a stock note's order number read backwards), zero-width ones
// hide a difference. Every string of every call refuses them; names refuse all of INVISIBLE.
const DISGUISING = /[\u202a-\u202e\u2066-\u2069\u200b-\u200d\u2060\ufeff]/;
const LATIN = /\p{Script=Latin}/u;
const CYRILLIC_OR_GREEK = /[\p{Script=Cyrillic}\p{Script=Greek}]/u;

export const CONTROL_MESSAGE = 'This field may not contain control characters.';
export const INVISIBLE_MESSAGE = 'This field may not contain invisible characters.';
export const MIXED_ALPHABETS_MESSAGE = 'The name may not mix alphabets.';

type StringError = string | ((issue: { input?: unknown }) => string);

/**
 * A string of a call: any string field's base, refusing control characters and the disguising
 * ones. Passwords included, as §7.6 counts them as text: a password is never shown, so nothing is
 * disguised there, but nobody can type a bidirectional control or a lone zero-width character
 * and see it, and one rule for every string keeps a new field from skipping it. What it costs: an
 * emoji joined by U+200D in a password; one set before this rule no longer signs in, and an
 * admin gives that user a new one (users/update-user).
 */
export function text(error: StringError) {
  // Aborts: no other rule of the field speaks about a value that is refused for this.
  return z.string({ error }).check(
    z.refine((value) => !CONTROL.test(value), { message: CONTROL_MESSAGE, abort: true }),
    z.refine((value) => !DISGUISING.test(value), { message: INVISIBLE_MESSAGE, abort: true }),
  );
}

/**
 * A text of several lines (an address, a quote's terms; docs/design.md §8): `text()` with line
 * breaks allowed. CR LF, as a browser's textarea sends it, is stored as LF; a lone CR, a tab and
 * every other control character are refused as in `text()`.
 */
export function multilineText(error: StringError) {
  const checked = z.string({ error }).check(
    z.refine((value) => !CONTROL.test(value.replace(/\r?\n/g, '')), { message: CONTROL_MESSAGE, abort: true }),
    z.refine((value) => !DISGUISING.test(value), { message: INVISIBLE_MESSAGE, abort: true }),
  );
  return z.pipe(
    checked,
    z.transform((value: string) => value.replace(/\r\n/g, '\n')),
  );
}

/** The one form a name is stored, compared and searched in: NFKC, so `ａｄｍｉｎ` is `admin`. */
export const normalizeName = (name: string): string => name.normalize('NFKC').trim();

export const hasInvisible = (value: string): boolean => INVISIBLE.test(value);

export const hasControl = (value: string): boolean => CONTROL.test(value);

/** A bidirectional control or a zero-width character: refused in every text. */
export const hasDisguising = (value: string): boolean => DISGUISING.test(value);

/** Latin letters beside Cyrillic or Greek ones: the way `Grее` (Cyrillic е) passes for `Gree`. */
export const mixesAlphabets = (name: string): boolean => LATIN.test(name) && CYRILLIC_OR_GREEK.test(name);

/** How many characters a password is, as a person counts them: code points, not UTF-16 units. */
export const characterCount = (value: string): number => [...value].length;
