import { done } from '#src/contract/messages.ts';
import { checkViewSave, checkViewScreen, seesView, viewFor, viewValuesOf } from '#src/domain/views.ts';
import type { Api } from '#server/http/register-call.ts';
import { deleteView, listViews, saveView } from '#server/repositories/views.ts';

/** Saved views (docs/design.md §8.4): kept on the server, so they follow their user to any device. */
export function viewRoutes({ call, db }: Api) {
  call('views', async ({ body, user }) => {
    checkViewScreen(user, body.screen);
    const views = await listViews(db, user, body.screen);
    return { views: views.filter((view) => seesView(user, view)).map((view) => viewFor(user, view)) };
  });

  call('views/save', async ({ body, user }) => {
    checkViewSave(user, body);
    await saveView(db, user, body.id, viewValuesOf(user, body));
    return done.viewSaved;
  });

  call('views/delete', async ({ body, user }) => {
    await deleteView(db, user, body.id);
    return done.viewDeleted;
  });
}
