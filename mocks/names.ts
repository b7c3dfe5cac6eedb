import { nameKey } from '#src/domain/names.ts';
import { nameSkeletons, usernameSkeleton } from '#src/domain/skeleton.ts';

// Written once in the domain, where the saved price sheet's offline list (docs/design.md §8.6) filters and orders by them too.
export { compareText, matchesSearch, orderBy } from '#src/domain/names.ts';

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
