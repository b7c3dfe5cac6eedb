import type { Passwords } from '#server/auth/passwords.ts';
import { fieldError, HttpError } from '#src/contract/errors.ts';
import { fieldMessages } from '#src/contract/field-messages.ts';
import { done, messages } from '#src/contract/messages.ts';
import { RESET_OWN_TWO_FACTOR } from '#src/contract/two-factor.ts';
import { endsSessions, refuseLosingLastAdmin } from '#src/domain/users.ts';
import { pagedAnswer } from '#server/http/paged-json.ts';
import type { Api } from '#server/http/register-call.ts';
import { revokeUserSessions } from '#server/repositories/sessions.ts';
import { turnOffTwoFactor } from '#server/repositories/two-factor.ts';
import { inTransaction } from '#server/repositories/transaction.ts';
import { findUserById, insertUser, listUsers, lockActiveAdmins, toUserDetail, updateUser } from '#server/repositories/users.ts';

const usersPage = pagedAnswer('users');

export function userRoutes({ call, db, store }: Api, passwords: Passwords) {
  call('users', async ({ body, reply }) => usersPage(reply, body, () => listUsers(store, body.filters.search, body)));

  call('users/get-user', async ({ body }) => {
    const row = await findUserById(db, body.id);
    if (!row) throw new HttpError(404, messages.notFound);
    return { user: toUserDetail(row) };
  });

  call('users/add-user', async ({ body, user }) => {
    const passwordHash = await passwords.hash(body.password);
    await insertUser(db, user, { name: body.name, username: body.username, passwordHash, roleId: body.roleId, isActive: 1 });
    return done.userAdded;
  });

  call('users/update-user', async ({ body, user }) => {
    const passwordHash = body.password ? await passwords.hash(body.password) : undefined;
    await inTransaction(db, async (trx) => {
      // Locked first, so two admins editing each other at once cannot both pass the check.
      const activeAdmins = await lockActiveAdmins(trx);
      const row = await findUserById(trx, body.id);
      if (!row) throw fieldError('id', fieldMessages.unknownUser);
      const current = { roleId: row.role_id, isActive: row.is_active };
      refuseLosingLastAdmin(current, body, activeAdmins);
      const { name, username, roleId, isActive } = body;
      await updateUser(trx, user, body.id, {
        name,
        username,
        roleId,
        isActive,
        expectedVersion: body.version,
        ...(passwordHash ? { passwordHash } : {}),
      });
      if (endsSessions(current, body)) await revokeUserSessions(trx, body.id);
    });
    return done.userUpdated;
  });

  // An admin's way back in for someone who lost their phone and codes; never one's own, so no
  // stolen admin session can strip its own account's second factor (docs/design.md §8.5).
  call('users/reset-2fa', async ({ body, user }) => {
    if (body.id === user.id) throw fieldError('id', RESET_OWN_TWO_FACTOR);
    await inTransaction(db, async (trx) => {
      const row = await findUserById(trx, body.id);
      if (!row) throw fieldError('id', fieldMessages.unknownUser);
      await turnOffTwoFactor(trx, user, row, 'auth.2fa-reset');
      await revokeUserSessions(trx, row.id);
    });
    return done.twoFactorReset;
  });
}
