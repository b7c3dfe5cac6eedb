import { nameKey } from '#src/domain/names.ts';
import { nameSkeletons, usernameSkeleton } from '#src/domain/skeleton.ts';

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

/** A brand's, series' or model's name among its parent's: unique by key and by both look-alike skeletons (§8.9), as the server's columns keep it. */
export function isTaken(rows: readonly { id: number; name: string }[], name: string, exceptId?: number): boolean {
  const key = nameKey(name);
  const { shown, capitals } = nameSkeletons(name);
  return rows.some((row) => {
    if (row.id === exceptId) return false;
    const other = nameSkeletons(row.name);
    return nameKey(row.name) === key || other.shown === shown || other.capitals === capitals;
  });
}

/** Usernames are unique by key and by look-alike skeleton, as the server's unique columns keep them. */
export const isUsernameTaken = (rows: readonly { id: number; username: string }[], username: string, exceptId?: number): boolean =>
  rows.some(
    (row) =>
      row.id !== exceptId && (nameKey(row.username) === nameKey(username) || usernameSkeleton(row.username) === usernameSkeleton(username)),
  );
