import { hashPassword } from '#server/auth/passwords.ts';
import { fieldError, HttpError } from '#src/contract/errors.ts';
import { messages } from '#src/contract/messages.ts';
import { calls } from '#src/contract/calls.ts';
import type { RowReader } from '#server/db/connect.ts';
import { pagedAnswer } from '#server/http/paged-json.ts';
import type { Api } from '#server/http/register-call.ts';
import { nameKey } from '#src/domain/names.ts';
import { revokeUserSessions } from '#server/repositories/sessions.ts';
import { writeUniquely } from '#server/repositories/unique.ts';
import { findUserById, listUsers, lockActiveAdmins, toUser } from '#server/repositories/users.ts';

const takenName = (write: () => Promise<unknown>) => writeUniquely('username', 'The username has already been taken.', write);

const usersPage = pagedAnswer(calls.users.response);

export function userRoutes({ call, db }: Api, readRows: RowReader) {
  call('users', async ({ body, reply }) =>
    usersPage(reply, body.per_page, () => listUsers(db, readRows, '/api/users', body.filters.search, body)),
  );

  call('users/get-user', async ({ body }) => {
    const row = await findUserById(db, body.id);
    if (!row) throw new HttpError(404, messages.notFound);
    return { user: toUser(row) };
  });

  call('users/add-user', async ({ body }) => {
    const now = new Date().toISOString();
    await takenName(async () => {
      await db
        .insertInto('users')
        .values({
          name: body.name,
          name_key: nameKey(body.name),
          username: body.username,
          username_key: nameKey(body.username),
          password_hash: await hashPassword(body.password),
          role_id: body.roleId,
          is_active: 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
    });
    return messages.success('User added successfully.');
  });

  call('users/update-user', async ({ body }) => {
    const passwordHash = body.password ? await hashPassword(body.password) : undefined;
    await takenName(async () => {
      await db.transaction().execute(async (trx) => {
        const activeAdmins = await lockActiveAdmins(trx);
        const current = await findUserById(trx, body.id);
        if (!current) throw fieldError('id', 'The selected user is invalid.');
        const wasActiveAdmin = current.role_id === 1 && current.is_active === 1;
        if (wasActiveAdmin && activeAdmins <= 1) {
          if (body.isActive !== 1) throw fieldError('isActive', 'The last active administrator cannot be deactivated.');
          if (body.roleId !== 1) throw fieldError('roleId', 'The last active administrator cannot be demoted.');
        }
        await trx
          .updateTable('users')
          .set({
            name: body.name,
            name_key: nameKey(body.name),
            username: body.username,
            username_key: nameKey(body.username),
            role_id: body.roleId,
            is_active: body.isActive,
            updated_at: new Date().toISOString(),
            ...(passwordHash ? { password_hash: passwordHash } : {}),
          })
          .where('id', '=', body.id)
          .execute();
        // Losing access takes effect on the very next call: no old token outlives it.
        const demoted = body.roleId > current.role_id;
        if (body.isActive !== 1 || demoted || passwordHash) await revokeUserSessions(trx, body.id);
      });
    });
    return messages.success('User updated successfully.');
  });
}
