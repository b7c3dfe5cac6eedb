import { apiPath } from '#src/contract/calls.ts';
import type { User } from '#src/contract/users.ts';
import { ROLE_ADMIN } from '#src/domain/roles.ts';
import { defineCall } from '#mocks/define-call.ts';
import type { MockCall } from '#mocks/define-call.ts';
import { fieldError, HttpError } from '#src/contract/errors.ts';
import { messages } from '#src/contract/messages.ts';
import { compareText, isUsernameTaken, matchesSearch } from '#mocks/names.ts';
import { paginate } from '#mocks/paginate.ts';
import { revokeUserSessions } from '#mocks/sessions.ts';
import { nextId } from '#mocks/store.ts';
import type { MockUser } from '#mocks/store.ts';

// Never the password.
const toUser = (row: MockUser): User => ({
  id: row.id,
  name: row.name,
  username: row.username,
  roleId: row.roleId,
  isActive: row.isActive,
});

// The server orders users by the name as typed (not lower-cased), then id.
const byName = (a: MockUser, b: MockUser) => compareText(a.name, b.name) || a.id - b.id;

const taken = () => fieldError('username', 'The username has already been taken.');

const isActiveAdmin = (row: MockUser) => row.roleId === ROLE_ADMIN && row.isActive === 1;

export const userCalls: MockCall[] = [
  defineCall('users', ({ body, store }) => {
    const rows = store.users.filter((row) => matchesSearch(body.filters.search, row.username, row.name)).sort(byName);
    return { tableData: paginate(apiPath('users'), body, rows.map(toUser)) };
  }),

  defineCall('users/get-user', ({ body, store }) => {
    const row = store.users.find((user) => user.id === body.id);
    if (!row) throw new HttpError(404, messages.notFound);
    return { user: toUser(row) };
  }),

  defineCall('users/add-user', ({ body, store }) => {
    if (isUsernameTaken(store.users, body.username)) throw taken();
    store.users.push({
      id: nextId(store.users),
      name: body.name,
      username: body.username,
      password: body.password,
      roleId: body.roleId,
      isActive: 1,
    });
    return messages.success('User added successfully.');
  }),

  defineCall('users/update-user', ({ body, store }) => {
    const current = store.users.find((user) => user.id === body.id);
    if (!current) throw fieldError('id', 'The selected user is invalid.');
    // Someone must always be able to run the back-office.
    if (isActiveAdmin(current) && store.users.filter(isActiveAdmin).length <= 1) {
      if (body.isActive !== 1) throw fieldError('isActive', 'The last active administrator cannot be deactivated.');
      if (body.roleId !== ROLE_ADMIN) throw fieldError('roleId', 'The last active administrator cannot be demoted.');
    }
    if (isUsernameTaken(store.users, body.username, current.id)) throw taken();
    const demoted = body.roleId > current.roleId;
    Object.assign(current, { name: body.name, username: body.username, roleId: body.roleId, isActive: body.isActive });
    if (body.password) current.password = body.password;
    // Losing access takes effect on the very next call: no old token outlives it.
    if (body.isActive !== 1 || demoted || body.password) revokeUserSessions(store, current.id);
    return messages.success('User updated successfully.');
  }),
];
