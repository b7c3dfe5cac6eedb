import { normalizeName } from '#src/contract/text.ts';

/**
 * The key names are compared, searched and ordered by, the same way on every database and in the
 * mocks: NFKC (the form names are stored in), then lower-cased, so `ａｄｍｉｎ`, `ADMIN` and
 * `admin` are one name. Lower-casing can lengthen a name ('İ' becomes 'i̇'), so a key may be
 * longer than the 255 characters of its name.
 */
export const nameKey = (name: string): string => normalizeName(name).toLowerCase().normalize('NFKC');
