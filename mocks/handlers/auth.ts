import { defineCall } from '#mocks/define-call.ts';
import type { MockCall } from '#mocks/define-call.ts';
import { fieldError, HttpError } from '#src/contract/errors.ts';
import { fieldMessages } from '#src/contract/field-messages.ts';
import { done, messages } from '#src/contract/messages.ts';
import { nameKey } from '#src/domain/names.ts';
import { MFA_TICKET_MS } from '#src/domain/two-factor.ts';
import { revokeToken, revokeUserSessions, signIn } from '#mocks/sessions.ts';
import { auditedUpdate } from '#mocks/versions.ts';
import { recordAudit, userFields } from '#mocks/audit.ts';
import { base64url } from '#mocks/encode.ts';
import type { MockStore } from '#mocks/store-shape.ts';
import { takeCode } from '#mocks/two-factor.ts';
import { passwordChanged } from '#src/domain/audit.ts';
import { clearGuesses as clear, guess } from './login-guess.ts';

/** A second step's ticket, good for five minutes, as the server's (server/repositories/mfa-tickets.ts). */
function issueTicket(store: MockStore, userId: number, now = Date.now()): string {
  const ticket = base64url(crypto.getRandomValues(new Uint8Array(32)));
  store.mfaTickets[ticket] = { userId, expiresAt: new Date(now + MFA_TICKET_MS).toISOString() };
  return ticket;
}

export const authCalls: MockCall[] = [
  defineCall('auth/login', ({ body, store }) => {
    const key = nameKey(body.username);
    guess(store, key);
    const user = store.users.find((row) => nameKey(row.username) === key);
    // Unknown user, wrong password and inactive user answer alike.
    if (!user || user.password !== body.password || user.isActive !== 1) {
      throw new HttpError(401, messages.badCredentials);
    }
    // With two-factor on, the count is cleared by the code's step, as on the server.
    if (user.twoFactor?.on) return { mfaRequired: 1 as const, mfaTicket: issueTicket(store, user.id) };
    clear(store, key);
    return { token: signIn(store, user) };
  }),

  defineCall('auth/login-2fa', ({ body, store }) => {
    const ticket = store.mfaTickets[body.mfaTicket];
    const user = ticket && ticket.expiresAt > new Date().toISOString() ? store.users.find((row) => row.id === ticket.userId) : undefined;
    if (!user || user.isActive !== 1) throw new HttpError(401, messages.signInExpired);
    const key = nameKey(user.username);
    guess(store, key);
    if (!takeCode(user, body.code)) throw new HttpError(401, messages.badCredentials);
    delete store.mfaTickets[body.mfaTicket];
    clear(store, key);
    return { token: signIn(store, user) };
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
