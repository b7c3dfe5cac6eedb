import { done } from '#src/contract/messages.ts';
import type { Api } from '#server/http/register-call.ts';
import { changesSince, markSeen, readSeenMark, startSeenMark } from '#server/repositories/price-changes.ts';
import { readVariables } from '#server/repositories/variables.ts';

/**
 * Since your last visit (docs/design.md §8.2), kept on the server per user and screen, so every
 * session and device of one user shares it. A first visit marks nothing to show and starts the clock.
 */
export function changeRoutes({ call, db, store }: Api) {
  call('changes/since', async ({ body, user }) => {
    const mark = { userId: user.id, screen: body.screen };
    const since = await readSeenMark(db, mark);
    if (since === undefined) {
      const now = new Date().toISOString();
      await startSeenMark(db, mark, now);
      return { changes: { since: now, variables: [], models: [] } };
    }
    return { changes: await changesSince(store, user, since, await readVariables(db)) };
  });

  call('changes/seen', async ({ body, user }) => {
    await markSeen(db, { userId: user.id, screen: body.screen }, new Date().toISOString());
    return done.markedSeen;
  });
}
