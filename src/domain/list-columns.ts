import type { ViewScreen } from '#src/contract/views.ts';
import { modelColumnsSeen } from './model-columns.ts';
import type { SessionUser } from './roles.ts';

// The column titles of each list that keeps saved views (docs/design.md §8.4), in the screen's
// order: the screens head their columns with these, and a view's columns are checked against them.

/** The Quotes list's columns (docs/design.md §8.1); every role sees them all. */
export const quoteColumnTitles = {
  label: 'Label',
  customer: 'Customer',
  status: 'Status',
  validUntil: 'Valid until',
  total: 'Total',
  createdBy: 'Created by',
  created: 'Created',
} as const;

/** The Audit Log's columns (docs/design.md §7.2), an admin's screen. */
export const auditColumnTitles = { date: 'Date', user: 'User', action: 'Action', record: 'Record', changes: 'Changes' } as const;

/** The titles of the columns this user sees on the screen, in its order. */
export function columnTitlesSeen(screen: ViewScreen, user: SessionUser): string[] {
  switch (screen) {
    case 'models':
      return modelColumnsSeen(user).map((column) => column.title);
    case 'quotes':
      return Object.values(quoteColumnTitles);
    case 'audit':
      return Object.values(auditColumnTitles);
  }
}

/**
 * The titles of `columns` this user sees, in the screen's order; null when none is named or none of
 * them is the user's (a Sales user's share of a manager's view, a retired column): then the
 * screen's own columns show. A view's columns and a list URL's `columns` are cut alike.
 */
export function columnsSeenOf(screen: ViewScreen, user: SessionUser, columns: readonly string[] | null | undefined): string[] | null {
  if (!columns) return null;
  const seen = columnTitlesSeen(screen, user).filter((title) => columns.includes(title));
  return seen.length === 0 ? null : seen;
}

/** The titles the list shows: those of the URL's `columns` the user sees, else all of the user's. */
export const shownColumnTitles = (screen: ViewScreen, user: SessionUser, columns: readonly string[] | undefined): string[] =>
  columnsSeenOf(screen, user, columns) ?? columnTitlesSeen(screen, user);
