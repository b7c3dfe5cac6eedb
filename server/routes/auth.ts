import type { FastifyRequest } from 'fastify';
import { throttleKey, type LoginThrottle } from '#src/domain/login-throttle.ts';
import { verifyPassword, type Passwords } from '#server/auth/passwords.ts';
import { fieldError, HttpError } from '#src/contract/errors.ts';
import { done, fieldMessages, messages } from '#src/contract/messages.ts';
import { clientGone } from '#server/http/client-gone.ts';
import type { Api } from '#server/http/register-call.ts';
import { UNAUDITED } from '#server/repositories/audit.ts';
import { purgeEndedSessions, signIn, signOut } from '#server/repositories/sessions.ts';
import { changeOwnPassword, findUserById, findUserByUsername, updateUser } from '#server/repositories/users.ts';
import { nameKey } from '#src/domain/names.ts';

export function authRoutes({ call, db }: Api, throttle: LoginThrottle, sessionTtlHours: number, passwords: Passwords) {
  /**
   * One more guess at a user's password from this address: counted before the slow check (and
   * cleared on success), in one statement shared by every process on the database, so guesses
   * sent in parallel cannot all pass before the count rises; 429 past the limit. Answers the key.
   */
  const guess = async (username: string, request: FastifyRequest): Promise<string> => {
    // The same key the user lookup uses, so no spelling of a username dodges its count.
    const key = throttleKey(nameKey(username), request.ip);
    const wait = await throttle.attempt(key);
    if (wait > 0) throw new HttpError(429, messages.tooManyAttempts(wait), { 'retry-after': String(wait) });
    return key;
  };

  call('auth/login', async ({ body, request, reply }) => {
    const gone = clientGone(reply);
    const key = await guess(body.username, request);
    const user = await findUserByUsername(db, body.username);
    // Unknown user, wrong password and inactive user answer alike, in about the same time.
    const valid = user
      ? await verifyPassword(body.password, user.password_hash, gone)
      : await passwords.verifyAgainstNothing(body.password, gone);
    if (!user || !valid || user.is_active !== 1) throw new HttpError(401, messages.badCredentials);
    await throttle.clear(key);
    // An old hash is upgraded as part of the sign-in: the system's doing, logged as the auth.login entry alone.
    if (passwords.needsRehash(user.password_hash)) {
      await updateUser(db, UNAUDITED, user.id, { passwordHash: await passwords.hash(body.password) });
    }
    await purgeEndedSessions(db);
    return { token: await signIn(db, user, sessionTtlHours) };
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
