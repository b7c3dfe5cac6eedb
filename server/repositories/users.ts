import type { User } from '#src/contract/users.ts';
import type { Db, RowReader } from '#server/db/connect.ts';
import type { UsersTable } from '#server/db/schema.ts';
import type { Selectable } from 'kysely';
import { nameKey } from '#src/domain/names.ts';
import { containsPattern, likePattern, paginate, readPage, type PageRequest } from './paginate.ts';

const USER_COLUMNS = ['id', 'name', 'username', 'role_id', 'is_active'] as const;

export const toUser = (row: Pick<Selectable<UsersTable>, (typeof USER_COLUMNS)[number]>): User => ({
  id: row.id,
  name: row.name,
  username: row.username,
  roleId: row.role_id,
  isActive: row.is_active === 1 ? 1 : 0,
});

export const findUserById = (db: Db, id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export const findUserByUsername = (db: Db, username: string) =>
  db.selectFrom('users').selectAll().where('username_key', '=', nameKey(username)).executeTakeFirst();

export async function listUsers(db: Db, readRows: RowReader, path: string, search: string | undefined, page: PageRequest) {
  let query = db.selectFrom('users');
  if (search) {
    const pattern = containsPattern(search);
    query = query.where((eb) => eb.or([eb('username_key', 'like', likePattern(pattern)), eb('name_key', 'like', likePattern(pattern))]));
  }
  return paginate(
    path,
    page,
    async () => (await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()).count,
    async (limit, offset) =>
      readPage(readRows, USER_COLUMNS, query.select(USER_COLUMNS).orderBy('name').orderBy('id').limit(limit).offset(offset), limit, toUser),
  );
}

/**
 * Counts the active admins and locks their rows until the transaction ends (a write that changes
 * nothing). Run first in a transaction, it makes concurrent admin edits wait for each other, so
 * two admins demoting or deactivating each other at once cannot both see the other one still
 * active (on PostgreSQL at READ COMMITTED they could, leaving no active admin).
 */
export async function lockActiveAdmins(db: Db): Promise<number> {
  const result = await db
    .updateTable('users')
    .set((eb) => ({ role_id: eb.ref('role_id') }))
    .where('role_id', '=', 1)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
