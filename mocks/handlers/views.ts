import { fieldError } from '#src/contract/errors.ts';
import { done } from '#src/contract/messages.ts';
import { viewMessages } from '#src/contract/views.ts';
import { nameKey } from '#src/domain/names.ts';
import {
  checkViewSave,
  checkViewScreen,
  mayDeleteView,
  seesView,
  viewChanges,
  viewFor,
  viewValuesOf,
  type StoredView,
} from '#src/domain/views.ts';
import { recordAudit } from '#mocks/audit.ts';
import { defineCall, type MockCall } from '#mocks/define-call.ts';
import { compareText } from '#mocks/names.ts';
import { nextId } from '#mocks/store.ts';
import type { MockStore, MockView } from '#mocks/store-shape.ts';

// Saved views (docs/design.md §8.4) as the server keeps them, by the rules of src/domain/views.ts.

const stored = (store: MockStore, view: MockView): StoredView => ({
  ...view,
  ownerName: store.users.find((user) => user.id === view.userId)?.name ?? '',
});

const isTakenName = (store: MockStore, view: Pick<MockView, 'userId' | 'screen' | 'name'>, exceptId: number | undefined) =>
  store.views.some(
    (other) =>
      other.id !== exceptId && other.userId === view.userId && other.screen === view.screen && nameKey(other.name) === nameKey(view.name),
  );

export const viewCalls: MockCall[] = [
  defineCall('views', ({ body, store, user }) => {
    checkViewScreen(user, body.screen);
    const views = store.views
      .filter((view) => view.screen === body.screen && seesView(user, view))
      .sort((a, b) => compareText(nameKey(a.name), nameKey(b.name)) || a.id - b.id);
    return { views: views.map((view) => viewFor(user, stored(store, view))) };
  }),

  defineCall('views/save', ({ body, store, user }) => {
    checkViewSave(user, body);
    const values = viewValuesOf(user, body);
    const before = body.id === undefined ? undefined : store.views.find((view) => view.id === body.id);
    if (body.id !== undefined && (before === undefined || before.userId !== user.id || before.screen !== body.screen)) {
      throw fieldError('id', viewMessages.unknownView);
    }
    if (isTakenName(store, { userId: user.id, ...values }, body.id)) throw fieldError('name', viewMessages.nameTaken);
    const view: MockView = { ...values, id: before?.id ?? nextId(store.views), userId: user.id };
    if (view.isDefault === 1) {
      for (const other of store.views) if (other.userId === user.id && other.screen === view.screen) other.isDefault = 0;
    }
    store.views = [...store.views.filter((other) => other.id !== view.id), view];
    const action = before ? 'view.update' : 'view.create';
    recordAudit(store, user, { action, entityId: view.id, entityName: view.name, changes: viewChanges(before ?? null, values) });
    return done.viewSaved;
  }),

  defineCall('views/delete', ({ body, store, user }) => {
    const view = store.views.find((row) => row.id === body.id);
    if (!view || !mayDeleteView(user, view)) throw fieldError('id', viewMessages.unknownView);
    store.views = store.views.filter((row) => row.id !== view.id);
    recordAudit(store, user, { action: 'view.delete', entityId: view.id, entityName: view.name, changes: viewChanges(view, null) });
    return done.viewDeleted;
  }),
];
