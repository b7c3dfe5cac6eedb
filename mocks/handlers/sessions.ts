import { fieldError } from '#src/contract/errors.ts';
import { fieldMessages } from '#src/contract/field-messages.ts';
import { done } from '#src/contract/messages.ts';
import { recordAudit } from '#mocks/audit.ts';
import { defineCall, type MockCall } from '#mocks/define-call.ts';
import { listSessions, revokeSessionById, revokeUserSessions } from '#mocks/sessions.ts';

// As the server's session routes (server/routes/sessions.ts): one's own sessions only, one entry a call.

export const sessionCalls: MockCall[] = [
  defineCall('auth/sessions', ({ user, session, store }) => ({ sessions: listSessions(store, user.id, session.id) })),

  defineCall('auth/sessions/revoke', ({ body, user, store }) => {
    if (!revokeSessionById(store, user.id, body.id)) throw fieldError('id', fieldMessages.unknownSession);
    recordAudit(store, user, { action: 'auth.revoke', entityId: user.id, entityName: user.name, changes: {} });
    return done.sessionRevoked;
  }),

  defineCall('auth/sessions/revoke-others', ({ user, token, store }) => {
    revokeUserSessions(store, user.id, token);
    recordAudit(store, user, { action: 'auth.revoke', entityId: user.id, entityName: user.name, changes: {} });
    return done.otherSessionsRevoked;
  }),
];
