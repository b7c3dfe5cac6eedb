import { defineCall } from '#mocks/define-call.ts';
import type { MockCall } from '#mocks/define-call.ts';
import { fieldError, HttpError } from '#src/contract/errors.ts';
import { done, fieldMessages, messages } from '#src/contract/messages.ts';
import { memoryLoginThrottle, type AttemptCount } from '#src/domain/login-throttle.ts';
import { nameKey } from '#src/domain/names.ts';
import { createSession, revokeToken, revokeUserSessions } from '#mocks/sessions.ts';
import { auditedUpdate } from '#mocks/versions.ts';
import { recordAudit, userFields } from '#mocks/audit.ts';
import { passwordChanged } from '#src/domain/audit.ts';

// The counts live in the mock store, so resetting the store clears them; the server also keys on
// the client's address, but a browser or a test is only ever one client. As on the server, every
// attempt counts as it starts and a success clears the count.
function guess(store: { loginAttempts: Record<string, AttemptCount> }, key: string) {
  const wait = memoryLoginThrottle(store.loginAttempts).attempt(key);
  if (wait > 0) throw new HttpError(429, messages.tooManyAttempts(wait), { 'retry-after': String(wait) });
}
const clear = (store: { loginAttempts: Record<string, AttemptCount> }, key: string) => memoryLoginThrottle(store.loginAttempts).clear(key);

export const authCalls: MockCall[] = [
  defineCall('auth/login', ({ body, store }) => {
    const key = nameKey(body.username);
    guess(store, key);
    const user = store.users.find((row) => nameKey(row.username) === key);
    // Unknown user, wrong password and inactive user answer alike.
    if (!user || user.password !== body.password || user.isActive !== 1) {
      throw new HttpError(401, messages.badCredentials);
    }
    clear(store, key);
    recordAudit(store, user, { action: 'auth.login', entityId: user.id, entityName: user.name, changes: {} });
    return { token: createSession(store, user.id) };
  }),

  defineCall('me', ({ user }) => ({ user })),

  defineCall('auth/logout', ({ token, user, store }) => {
    if (token) revokeToken(store, token);
    recordAudit(store, user, { action: 'auth.logout', entityId: user.id, entityName: user.name, changes: {} });
    return done.signedOut;
  }),

  // Wrong current passwords count as failed sign-ins of the user, as on the server.
  defineCall('auth/change-password', ({ body, user, token, store }) => {
    const key = nameKey(user.username);
    guess(store, key);
    const row = store.users.find((candidate) => candidate.id === user.id);
    if (!row || row.password !== body.currentPassword) {
      throw fieldError('currentPassword', fieldMessages.wrongCurrentPassword);
    }
    clear(store, key);
    // As on the server, where the new hash goes through the users repository.
    auditedUpdate(store, user, {
      record: row,
      set: (changed) => {
        changed.password = body.password;
      },
      audit: { action: 'user.password', name: () => user.name, fields: userFields, secret: passwordChanged },
    });
    revokeUserSessions(store, user.id, token);
    return done.passwordChanged;
  }),
];
