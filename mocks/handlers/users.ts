import type { User } from '#src/contract/users.ts';
import { defineCall } from '#mocks/define-call.ts';
import type { MockCall } from '#mocks/define-call.ts';
import { fieldError, HttpError } from '#src/contract/errors.ts';
import { fieldMessages } from '#src/contract/field-messages.ts';
import { done, messages } from '#src/contract/messages.ts';
import { endsSessions, isActiveAdmin, refuseLosingLastAdmin } from '#src/domain/users.ts';
import { compareText, isUsernameTaken, matchesSearch } from '#mocks/names.ts';
import { pagedAnswer } from '#mocks/paged-answer.ts';
import { revokeUserSessions } from '#mocks/sessions.ts';
import { auditedInsert, userFields } from '#mocks/audit.ts';
import { passwordChanged } from '#src/domain/audit.ts';
import { nextId } from '#mocks/store.ts';
import { RESET_OWN_TWO_FACTOR } from '#src/contract/two-factor.ts';
import { turnOffTwoFactor } from '#mocks/two-factor.ts';
import { auditedUpdate, versionOf } from '#mocks/versions.ts';
import type { MockUser } from '#mocks/store-shape.ts';

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

const taken = () => fieldError('username', fieldMessages.usernameTaken);

export const userCalls: MockCall[] = [
  defineCall('users', ({ body, store }) => {
    const rows = store.users.filter((row) => matchesSearch(body.filters.search, row.username, row.name)).sort(byName);
    return pagedAnswer('users', body, rows.map(toUser));
  }),

  defineCall('users/get-user', ({ body, store }) => {
    const row = store.users.find((user) => user.id === body.id);
    if (!row) throw new HttpError(404, messages.notFound);
    return { user: { ...toUser(row), version: versionOf(row) } };
  }),

  defineCall('users/add-user', ({ body, user, store }) => {
    if (isUsernameTaken(store.users, body.username)) throw taken();
    const row: MockUser = {
      id: nextId(store.users),
      name: body.name,
      username: body.username,
      password: body.password,
      roleId: body.roleId,
      isActive: 1,
    };
    auditedInsert(store, user, store.users, row, { action: 'user.create', fields: userFields, secret: passwordChanged });
    return done.userAdded;
  }),

  defineCall('users/update-user', ({ body, user, store }) => {
    const current = store.users.find((user) => user.id === body.id);
    if (!current) throw fieldError('id', fieldMessages.unknownUser);
    const ending = endsSessions(current, body);
    auditedUpdate(store, user, {
      record: current,
      expectedVersion: body.version,
      check: () => {
        refuseLosingLastAdmin(current, body, store.users.filter(isActiveAdmin).length);
        if (isUsernameTaken(store.users, body.username, current.id)) throw taken();
      },
      set: (row) => {
        Object.assign(row, { name: body.name, username: body.username, roleId: body.roleId, isActive: body.isActive });
        if (body.password) row.password = body.password;
      },
      audit: {
        action: 'user.update',
        name: (after) => after.name,
        fields: userFields,
        ...(body.password && { secret: passwordChanged }),
      },
    });
    if (ending) revokeUserSessions(store, current.id);
    return done.userUpdated;
  }),

  // As the server's: never one's own; turns it off and ends that user's sessions.
  defineCall('users/reset-2fa', ({ body, user, store }) => {
    if (body.id === user.id) throw fieldError('id', RESET_OWN_TWO_FACTOR);
    const row = store.users.find((candidate) => candidate.id === body.id);
    if (!row) throw fieldError('id', fieldMessages.unknownUser);
    turnOffTwoFactor(store, user, row, 'auth.2fa-reset');
    revokeUserSessions(store, row.id);
    return done.twoFactorReset;
  }),
];
