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
