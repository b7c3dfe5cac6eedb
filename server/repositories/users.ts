import type { Selectable } from 'kysely';
import { fieldMessages } from '#src/contract/field-messages.ts';
import type { User } from '#src/contract/users.ts';
import { diffChanges, passwordChanged, type AuditFields } from '#src/domain/audit.ts';
import { nameKey } from '#src/domain/names.ts';
import { ROLE_ADMIN } from '#src/domain/roles.ts';
import type { Db, Store } from '#server/db/connect.ts';
import type { UsersTable } from '#server/db/schema.ts';
import { containsPattern, likePattern, readPage, type PageRequest } from './read-page.ts';
import { usernameColumns, writeUniquely } from './unique.ts';
import { auditedUpdate, type Expected } from './versions.ts';
import { recordAudit, UNAUDITED, type Actor, type By } from './audit.ts';
import { revokeUserSessions } from './sessions.ts';
import { inTransaction } from './transaction.ts';

const USER_COLUMNS = ['id', 'name', 'username', 'role_id', 'is_active'] as const;

export const toUser = (row: Pick<Selectable<UsersTable>, (typeof USER_COLUMNS)[number]>): User => ({
  id: row.id,
  name: row.name,
  username: row.username,
  roleId: row.role_id,
  isActive: row.is_active === 1 ? 1 : 0,
});

/** A user as the edit screen shows them: with the version a save sends back. */
export const toUserDetail = (row: Selectable<UsersTable>) => ({ ...toUser(row), version: row.version });

export const findUserById = (db: Db, id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export const findUserByUsername = (db: Db, username: string) =>
  db.selectFrom('users').selectAll().where('username_key', '=', nameKey(username)).executeTakeFirst();

export function listUsers(store: Store, search: string | undefined, page: PageRequest) {
  let query = store.db.selectFrom('users');
  if (search) {
    const pattern = containsPattern(search);
    query = query.where((eb) => eb.or([eb('username_key', 'like', likePattern(pattern)), eb('name_key', 'like', likePattern(pattern))]));
  }
  return readPage(store, page, {
    counted: query,
    page: (limit, offset) => query.select(USER_COLUMNS).orderBy('name').orderBy('id').limit(limit).offset(offset),
    columns: USER_COLUMNS,
    rowOf: toUser,
  });
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
    .where('role_id', '=', ROLE_ADMIN)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export type UserValues = { name: string; username: string; passwordHash: string; roleId: number; isActive: 0 | 1 };

// The unique username key and skeleton decide a taken username, with no check-then-write race.
const uniqueUsername = <T>(write: () => Promise<T>) => writeUniquely('username', fieldMessages.usernameTaken, write);

/** What an audit entry compares: the user's fields by their contract names; never the password. */
const auditFields = (user: Partial<Pick<UserValues, 'name' | 'username' | 'roleId' | 'isActive'>>) => {
  const fields: AuditFields = {};
  if (user.name !== undefined) fields.name = user.name;
  if (user.username !== undefined) fields.username = user.username;
  if (user.roleId !== undefined) fields.roleId = user.roleId;
  if (user.isActive !== undefined) fields.isActive = user.isActive;
  return fields;
};

/** Adds a user (the password already hashed), with its audit entry; answers the id. */
export async function insertUser(db: Db, by: By, user: UserValues, now = new Date()): Promise<number> {
  const write = async (trx: Db) => {
    const row = await trx
      .insertInto('users')
      .values({
        name: user.name,
        name_key: nameKey(user.name),
        ...usernameColumns(user.username),
        password_hash: user.passwordHash,
        role_id: user.roleId,
        is_active: user.isActive,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const changes = { ...diffChanges(null, auditFields(user)), ...passwordChanged };
    await recordAudit(trx, by, { action: 'user.create', entityId: row.id, entityName: user.name, changes }, now);
    return row.id;
  };
  // Unaudited, the insert is one statement and needs no transaction of its own: the first admin is
  // inserted inside the start-up lock's raw BEGIN IMMEDIATE on SQLite, which Kysely cannot nest.
  return uniqueUsername(() => (by === UNAUDITED ? write(db) : inTransaction(db, write)));
}

type UserChanges = Partial<UserValues> & Expected;

/** A stored user's audited fields. */
const auditedUser = (row: Selectable<UsersTable>) =>
  auditFields({ name: row.name, username: row.username, roleId: row.role_id, isActive: row.is_active === 1 ? 1 : 0 });

/** The columns a change writes: the given fields, their search keys with them. */
const userColumns = (changes: Partial<UserValues>) => ({
  ...(changes.name !== undefined ? { name: changes.name, name_key: nameKey(changes.name) } : {}),
  ...(changes.username !== undefined ? usernameColumns(changes.username) : {}),
  ...(changes.passwordHash !== undefined ? { password_hash: changes.passwordHash } : {}),
  ...(changes.roleId !== undefined ? { role_id: changes.roleId } : {}),
  ...(changes.isActive !== undefined ? { is_active: changes.isActive } : {}),
});

/**
 * Changes the given fields of a user, with the audit entry (`user.update`). Who may lose admin
 * rights and whose sessions end are the caller's decisions (src/domain/users.ts), taken in its
 * transaction.
 */
export async function updateUser(db: Db, by: By, id: number, changes: UserChanges, now = new Date()): Promise<void> {
  await uniqueUsername(() =>
    auditedUpdate(
      db,
      by,
      {
        table: 'users',
        id,
        expectedVersion: changes.expectedVersion,
        read: (trx) => findUserById(trx, id),
        set: () => userColumns(changes),
        audit: {
          action: 'user.update',
          name: (after) => after.name,
          fields: auditedUser,
          ...(changes.passwordHash !== undefined && { secret: passwordChanged }),
        },
      },
      now,
    ),
  );
}

/** A user's own new password (`user.password` in the log, the value never): every other session of theirs ends. */
export async function changeOwnPassword(db: Db, user: Actor, passwordHash: string, keepToken: string | undefined, now = new Date()) {
  await inTransaction(db, async (trx) => {
    await auditedUpdate(
      trx,
      user,
      {
        table: 'users',
        id: user.id,
        read: (trx) => findUserById(trx, user.id),
        set: () => userColumns({ passwordHash }),
        audit: { action: 'user.password', name: () => user.name, fields: auditedUser, secret: passwordChanged },
      },
      now,
    );
    await revokeUserSessions(trx, user.id, keepToken, now);
  });
}
