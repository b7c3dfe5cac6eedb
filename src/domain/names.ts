import { normalizeName } from '#src/contract/text.ts';

/**
 * The key names are compared, searched and ordered by, the same way on every database and in the
 * mocks: NFKC (the form names are stored in), then lower-cased, so `ａｄｍｉｎ`, `ADMIN` and
 * `admin` are one name. Lower-casing can lengthen a name ('İ' becomes 'i̇'), so a key may be
 * longer than the 255 characters of its name.
 */
export const nameKey = (name: string): string => normalizeName(name).toLowerCase().normalize('NFKC');

/** The list calls' `search`: a case-insensitive substring of any of the given names. */
export function matchesSearch(search: string | undefined, ...names: string[]): boolean {
  if (!search) return true;
  const needle = nameKey(search);
  return names.some((name) => nameKey(name).includes(needle));
}

/** Plain code-unit order, as SQLite's default collation orders the `*_key` columns. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Orders by each key in turn, as a chain of SQL `ORDER BY` terms. */
export function orderBy<T>(...keys: ((row: T) => string | number)[]): (a: T, b: T) => number {
  return (a, b) => {
    for (const key of keys) {
      const x = key(a);
      const y = key(b);
      const order = typeof x === 'number' && typeof y === 'number' ? x - y : compareText(String(x), String(y));
      if (order !== 0) return order;
    }
    return 0;
  };
}
