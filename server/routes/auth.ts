import type { LoginThrottle } from '#src/domain/login-throttle.ts';
import { verifyPassword, type Passwords } from '#server/auth/passwords.ts';
import { fieldError, HttpError } from '#src/contract/errors.ts';
import { fieldMessages } from '#src/contract/field-messages.ts';
import { done, messages } from '#src/contract/messages.ts';
import { clientGone } from '#server/http/client-gone.ts';
import type { Api } from '#server/http/register-call.ts';
import { UNAUDITED } from '#server/repositories/audit.ts';
import { endTicket, issueTicket, ticketUser } from '#server/repositories/mfa-tickets.ts';
import type { Sealer } from '#server/repositories/sealing.ts';
import { inTransaction } from '#server/repositories/transaction.ts';
import { takeCode } from '#server/repositories/two-factor.ts';
import { purgeEndedSessions, signIn, signOut } from '#server/repositories/sessions.ts';
import { changeOwnPassword, findUserById, findUserByUsername, updateUser } from '#server/repositories/users.ts';
import { loginGuesses } from './login-guess.ts';

export function authRoutes({ call, db }: Api, throttle: LoginThrottle, sessionTtlHours: number, passwords: Passwords, twoFactor: Sealer) {
  const guess = loginGuesses(throttle);

  call('auth/login', async ({ body, request, reply }) => {
    const gone = clientGone(reply);
    const key = await guess(body.username, request);
    const user = await findUserByUsername(db, body.username);
    // Unknown user, wrong password and inactive user answer alike, in about the same time.
    const valid = user
      ? await verifyPassword(body.password, user.password_hash, gone)
      : await passwords.verifyAgainstNothing(body.password, gone);
    if (!user || !valid || user.is_active !== 1) throw new HttpError(401, messages.badCredentials);
    // An old hash is upgraded as part of the sign-in: the system's doing, logged as the auth.login entry alone.
    if (passwords.needsRehash(user.password_hash)) {
      await updateUser(db, UNAUDITED, user.id, { passwordHash: await passwords.hash(body.password) });
    }
    // With two-factor on the password is half a sign-in: the count is cleared by the code's step,
    // so signing in again with the password gives no fresh guesses at the code.
    if (user.two_factor_on === 1) return { mfaRequired: 1 as const, mfaTicket: await issueTicket(db, user.id) };
    await throttle.clear(key);
    await purgeEndedSessions(db);
    return { token: await signIn(db, user, sessionTtlHours, request.headers['user-agent']) };
  });

  // The second step (docs/design.md §8.5): a wrong code is a failed sign-in of the ticket's user,
  // counted by the same throttle as a wrong password, on every server.
  call('auth/login-2fa', async ({ body, request }) => {
    const user = await ticketUser(db, body.mfaTicket);
    if (!user) throw new HttpError(401, messages.signInExpired);
    const key = await guess(user.username, request);
    const token = await inTransaction(db, async (trx) => {
      if (!(await takeCode(trx, twoFactor, user.id, body.code))) return null;
      // Two tries of one ticket at once: the one that ends it signs in, the other takes back its code.
      if (!(await endTicket(trx, body.mfaTicket))) throw new HttpError(401, messages.signInExpired);
      return signIn(trx, user, sessionTtlHours, request.headers['user-agent']);
    });
    if (token === null) throw new HttpError(401, messages.badCredentials);
    await throttle.clear(key);
    return { token };
  });

  call('me', async ({ user }) => ({ user }));

  call('auth/logout', async ({ token, user }) => {
    if (token) await signOut(db, user, token);
    return done.signedOut;
  });

  // A stolen session must not become a way to guess the password: wrong current passwords count
  // as failed sign-ins of that user.
  call('auth/change-password', async ({ body, user, token, request, reply }) => {
    const key = await guess(user.username, request);
    const row = await findUserById(db, user.id);
    if (!row || !(await verifyPassword(body.currentPassword, row.password_hash, clientGone(reply)))) {
      throw fieldError('currentPassword', fieldMessages.wrongCurrentPassword);
    }
    await throttle.clear(key);
    const passwordHash = await passwords.hash(body.password, clientGone(reply));
    // The caller's session stays; every other one ends with the old password.
    await changeOwnPassword(db, user, passwordHash, token);
    return done.passwordChanged;
  });
}
