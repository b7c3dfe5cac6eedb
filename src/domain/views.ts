import { fieldError, HttpError } from '#src/contract/errors.ts';
import { messages } from '#src/contract/messages.ts';
import { viewMessages, type SaveViewBody, type SavedView, type ViewScreen } from '#src/contract/views.ts';
import type { AuditChanges } from '#src/contract/audit.ts';
import { mayAccess } from './access.ts';
import { diffChanges, type AuditFields } from './audit.ts';
import { columnsSeenOf, columnTitlesSeen } from './list-columns.ts';
import { qualifies, type SessionUser } from './roles.ts';
import { screenAccess } from './screens.ts';
import { isViewSearch } from './view-search.ts';

// The rules of saved views (docs/design.md §8.4) that the server and the mocks both keep.

/** A signed-in user, as the rules of views need them. */
export type Viewer = SessionUser & { id: number };

/** A view as stored, before it is answered to one reader. */
export type StoredView = {
  id: number;
  userId: number;
  screen: ViewScreen;
  name: string;
  search: string;
  columns: readonly string[] | null;
  shared: 0 | 1;
  isDefault: 0 | 1;
  ownerName: string;
};

/** Views of a screen the user may not open are refused as the screen is: 403. */
export function checkViewScreen(user: SessionUser, screen: ViewScreen): void {
  if (!mayAccess(user, screenAccess[screen])) throw new HttpError(403, messages.forbidden);
}

/**
 * What views/save checks beyond its schema: the screen, sharing (level 2), the search (the
 * screen's own, read strictly) and the columns (titles the role sees, each once). The name's
 * uniqueness and the id's owner need the store, so the caller checks them.
 */
export function checkViewSave(user: SessionUser, body: SaveViewBody): void {
  checkViewScreen(user, body.screen);
  if (body.shared === 1 && !qualifies(user, 2)) throw new HttpError(403, messages.forbidden);
  if (!isViewSearch(body.screen, body.search)) throw fieldError('search', viewMessages.invalidSearch);
  if (body.columns !== undefined) {
    const seen = new Set(columnTitlesSeen(body.screen, user));
    const unique = new Set(body.columns);
    if (unique.size !== body.columns.length || body.columns.some((title) => !seen.has(title))) {
      throw fieldError('columns', viewMessages.invalidColumns);
    }
  }
}

/** The columns to store: the screen's order, whatever order they were sent in. */
export const orderedColumns = (screen: ViewScreen, user: SessionUser, columns: readonly string[] | undefined): string[] | null =>
  columns === undefined ? null : columnTitlesSeen(screen, user).filter((title) => columns.includes(title));

/** Who sees a view in their list: its owner, and everyone who opens the screen when it is shared. */
export const seesView = (user: Viewer, view: Pick<StoredView, 'userId' | 'shared'>): boolean =>
  view.userId === user.id || view.shared === 1;

/** Who may delete a view: its owner, or an admin when it is shared; anyone else is told it is unknown. */
export const mayDeleteView = (user: Viewer, view: Pick<StoredView, 'userId' | 'shared'>): boolean =>
  view.userId === user.id || (view.shared === 1 && user.isAdmin === 1);

/**
 * A view as this reader receives it. A shared view never shows a role more than it may see: its
 * columns are cut to the reader's, and when none is left the reader gets the screen's own (null).
 * The search is answered as stored, even one that no longer reads whole (a removed brand): the
 * list drops what it cannot read and applies the rest, as it does with any old link.
 */
export function viewFor(user: Viewer, view: StoredView): SavedView {
  return {
    id: view.id,
    name: view.name,
    search: view.search,
    columns: columnsSeenOf(view.screen, user, view.columns),
    shared: view.shared,
    isDefault: view.userId === user.id ? view.isDefault : 0,
    ownerName: view.ownerName,
    mine: view.userId === user.id ? 1 : 0,
  };
}

/** What a save writes: everything of a view but who owns it. */
export type ViewValues = Pick<StoredView, 'screen' | 'name' | 'search' | 'columns' | 'shared' | 'isDefault'>;

/** The values a save writes, from its checked body: the columns in the screen's order, flags 0 when left out. */
export const viewValuesOf = (user: SessionUser, body: SaveViewBody): ViewValues => ({
  screen: body.screen,
  name: body.name,
  search: body.search,
  columns: orderedColumns(body.screen, user, body.columns),
  shared: body.shared ?? 0,
  isDefault: body.isDefault ?? 0,
});

/** The audit entry's fields of a view, as the log shows them. */
const viewAuditFields = (view: Omit<ViewValues, 'screen'>): AuditFields => ({
  viewName: view.name,
  viewSearch: view.search,
  viewColumns: view.columns === null ? null : view.columns.join(', '),
  viewShared: view.shared,
  viewDefault: view.isDefault,
});

/** The changes of a view's entry: created (no before), updated, or deleted (no after). */
export function viewChanges(before: ViewValues | null, after: ViewValues | null): AuditChanges {
  if (after !== null) return diffChanges(before && viewAuditFields(before), viewAuditFields(after));
  return Object.fromEntries(Object.entries(viewAuditFields(before!)).map(([key, value]) => [key, [value, null]]));
}
