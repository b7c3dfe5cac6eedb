import { fieldError } from '#src/contract/errors.ts';
import { fieldMessages } from '#src/contract/field-messages.ts';
import { done } from '#src/contract/messages.ts';
import type { Api } from '#server/http/register-call.ts';
import { listSessions, revokeSessions } from '#server/repositories/sessions.ts';

// The signed-in user's own sessions (docs/design.md §8.5). An ended session's token answers 203 on
// the next call on any server: the session check reads the database every time (§7.5).
export function sessionRoutes({ call, db }: Api) {
  call('auth/sessions', async ({ user, session }) => ({ sessions: await listSessions(db, user.id, session.id) }));

  // Another user's session is not one of yours: it answers as an unknown id.
  call('auth/sessions/revoke', async ({ body, user }) => {
    if ((await revokeSessions(db, user, { id: body.id })) === 0) throw fieldError('id', fieldMessages.unknownSession);
    return done.sessionRevoked;
  });

  call('auth/sessions/revoke-others', async ({ user, session }) => {
    await revokeSessions(db, user, { allBut: session.id });
    return done.otherSessionsRevoked;
  });
}
