import { afterAll, beforeAll, expect, it } from 'vitest';
import { calls } from '#src/contract/calls.ts';
import { nameKey } from '#src/domain/names.ts';
import { createSession } from '#server/repositories/sessions.ts';
import { updateUser } from '#server/repositories/users.ts';
import { call, createUser, describeEachDatabase, hashPrefix, login, PASSWORD, startServer } from './harness.ts';
import type { Answer, TestServer } from './harness.ts';
import { UNAUDITED } from '#server/repositories/audit.ts';

const success = { responseMessage: expect.any(String), responseFlag: 'success' };
const dangerBody = { responseMessage: expect.any(String), responseFlag: 'danger' };
const taken = { username: ['The username has already been taken.'] };

function expect422(answer: Answer, errors: Record<string, string[]>) {
  expect(answer.status).toBe(422);
  expect(answer.body).toEqual({ message: expect.any(String), errors });
}

function expectWrite(answer: Answer) {
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual(success);
}

describeEachDatabase('users', (kind) => {
  let server: TestServer;
  let adminId: number;
  let admin: string;

  beforeAll(async () => {
    server = await startServer(kind);
    adminId = await createUser(server, 1, 'users-admin');
    admin = await login(server, 'users-admin');
  });
  afterAll(() => server.close());

  const userRow = (id: number) => server.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const userByUsername = (username: string) =>
    server.db.selectFrom('users').selectAll().where('username_key', '=', nameKey(username)).executeTakeFirst();
  const countUsers = async () =>
    Number(
      (
        await server.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A user inserted directly, with a name of our choosing (no API call, no extra hash). */
  async function createNamedUser(name: string, username: string, roleId: 1 | 2 | 3 = 3, isActive: 0 | 1 = 1) {
    return createUser(server, roleId, username, isActive, name);
  }

  /** Sets every admin aside (inactive), so a test owns who the active admins are. */
  async function deactivateAdmins() {
    const admins = await server.db.selectFrom('users').select('id').where('role_id', '=', 1).execute();
    for (const { id } of admins) await updateUser(server.db, UNAUDITED, id, { isActive: 0 });
  }

  const list = async (body: unknown) => {
    const answer = await call(server, 'users', body, admin);
    expect(answer.status).toBe(200);
    return calls.users.response.parse(answer.body).tableData;
  };

  const getUser = async (id: number) => {
    const answer = await call(server, 'users/get-user', { id }, admin);
    expect(answer.status).toBe(200);
    return calls['users/get-user'].response.parse(answer.body).user;
  };

  it('lists users in pages', async () => {
    const ids: number[] = [];
    for (const n of [1, 2, 3, 4, 5]) ids.push(await createNamedUser(`Pager Person ${n}`, `pager${n}`));

    const page2 = await list({ filters: { search: 'pager' }, page: 2, per_page: 2 });
    expect(page2).toEqual({
      data: expect.any(Array),
      per_page: 2,
      from: 3,
      to: 4,
      total: 5,
      last_page: 3,
      current_page: 2,
      first_page_url: '/api/users?page=1',
      last_page_url: '/api/users?page=3',
      next_page_url: '/api/users?page=3',
      prev_page_url: '/api/users?page=1',
      path: '/api/users',
    });
    expect(page2.data).toHaveLength(2);

    const page1 = await list({ filters: { search: 'pager' }, page: 1, per_page: 2 });
    const page3 = await list({ filters: { search: 'pager' }, page: '3', per_page: '2' });
    expect(page1).toMatchObject({ from: 1, to: 2, prev_page_url: null, next_page_url: '/api/users?page=2' });
    expect(page3).toMatchObject({ from: 5, to: 5, prev_page_url: '/api/users?page=2', next_page_url: null });
    const seen = [...page1.data, ...page2.data, ...page3.data].map((row) => row.id);
    expect([...seen].sort((a, b) => a - b)).toEqual(ids);

    const past = await list({ filters: { search: 'pager' }, page: 9, per_page: 2 });
    expect(past).toMatchObject({ data: [], from: null, to: null, total: 5, last_page: 3, current_page: 9 });

    // Rows carry exactly the user fields, never a password.
    const row = page1.data[0]!;
    expect(Object.keys(row).sort()).toEqual(['id', 'isActive', 'name', 'roleId', 'username']);
  });

  it('defaults to page 1 of 30 and counts every user', async () => {
    const tableData = await list({});
    expect(tableData).toMatchObject({ per_page: 30, current_page: 1, from: 1, total: await countUsers() });
    expect((await list(undefined)).total).toBe(tableData.total);
  });

  it('searches names and usernames case-insensitively, as a substring', async () => {
    const zebra = await createNamedUser('Zebra Keeper', 'zk_user');
    const otter = await createNamedUser('Otter Watcher', 'ZOOKEEPER-2');
    const decoy = await createNamedUser('Plain Person', 'zkxuser');

    const ids = async (search: string) =>
      (await list({ filters: { search }, per_page: 100 })).data.map((row) => row.id).sort((a, b) => a - b);
    expect(await ids('ZEBRA')).toEqual([zebra]);
    expect(await ids('keeper')).toEqual([zebra, otter].sort((a, b) => a - b));
    expect(await ids('zookeeper')).toEqual([otter]);
    expect(await ids('Otter w')).toEqual([otter]);
    // "_" is a literal, not a LIKE wildcard.
    expect(await ids('k_u')).toEqual([zebra]);
    expect(await ids('zkx')).toEqual([decoy]);
    expect(await ids('no such person anywhere')).toEqual([]);
    // A blank search lists everyone.
    expect((await list({ filters: { search: '  ' } })).total).toBe(await countUsers());
  });

  it('gets one user without any password field, and 404 for an unknown id', async () => {
    const id = await createNamedUser('Getter Person', 'getter', 2);
    const answer = await call(server, 'users/get-user', { id }, admin);
    expect(answer.status).toBe(200);
    expect(calls['users/get-user'].response.parse(answer.body)).toEqual(answer.body);
    expect(answer.body).toEqual({ user: { id, name: 'Getter Person', username: 'getter', roleId: 2, isActive: 1, version: 1 } });
    expect(JSON.stringify(answer.body)).not.toMatch(/password|hash|scrypt/i);

    // Numeric strings are ids too.
    expect((await call(server, 'users/get-user', { id: String(id) }, admin)).body).toEqual(answer.body);

    const missing = await call(server, 'users/get-user', { id: 999_999 }, admin);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(dangerBody);

    expect422(await call(server, 'users/get-user', {}, admin), { id: ['The id field is required.'] });
    expect422(await call(server, 'users/get-user', { id: 'abc' }, admin), { id: ['The selected value is invalid.'] });
    expect422(await call(server, 'users/get-user', { id: 0 }, admin), { id: ['The selected value is invalid.'] });
  });

  it('adds a user who starts active and can sign in', async () => {
    const before = await countUsers();
    const answer = await call(
      server,
      'users/add-user',
      { name: '  New Person  ', username: 'new.person', password: 'first-password', roleId: 2 },
      admin,
    );
    expectWrite(answer);
    expect(calls['users/add-user'].response.parse(answer.body)).toEqual(answer.body);
    expect(await countUsers()).toBe(before + 1);

    const row = (await userByUsername('new.person'))!;
    expect(row).toMatchObject({ name: 'New Person', username: 'new.person', role_id: 2, is_active: 1 });
    expect(row.password_hash.startsWith(hashPrefix)).toBe(true);
    expect(row.password_hash).not.toContain('first-password');
    expect(await getUser(row.id)).toEqual({ id: row.id, name: 'New Person', username: 'new.person', roleId: 2, isActive: 1, version: 1 });

    const token = await login(server, 'new.person', 'first-password');
    const me = await call(server, 'me', undefined, token);
    expect(me.body).toEqual({ user: { id: row.id, name: 'New Person', username: 'new.person', roleId: 2, isAdmin: 0, isActive: 1 } });
  });

  it('accepts a role sent as a numeric string', async () => {
    expectWrite(
      await call(server, 'users/add-user', { name: 'String Role', username: 'string-role', password: 'password-123', roleId: '3' }, admin),
    );
    expect((await userByUsername('string-role'))!.role_id).toBe(3);
  });

  it('asks for every Add User field and writes nothing on any 422', async () => {
    await createUser(server, 3, 'Existing.Name');
    const before = await countUsers();
    const valid = { name: 'Valid Name', username: 'valid-username', password: 'valid-password', roleId: 3 };

    expect422(await call(server, 'users/add-user', {}, admin), {
      name: ['Please enter name.'],
      username: ['Please enter username.'],
      password: ['Please enter password.'],
      roleId: ['Please select role.'],
    });
    expect422(await call(server, 'users/add-user', { name: ' ', username: '', password: '', roleId: '' }, admin), {
      name: ['Please enter name.'],
      username: ['Please enter username.'],
      password: ['Please enter password.'],
      roleId: ['Please select role.'],
    });
    for (const roleId of [0, 4, 'x', 1.5, -1]) {
      expect422(await call(server, 'users/add-user', { ...valid, roleId }, admin), { roleId: ['The selected role is invalid.'] });
    }
    expect422(await call(server, 'users/add-user', { ...valid, password: 'short' }, admin), {
      password: ['The password must be at least 8 characters.'],
    });
    expect422(await call(server, 'users/add-user', { ...valid, name: 'n'.repeat(256) }, admin), {
      name: ['This field may not be greater than 255 characters.'],
    });
    expect422(await call(server, 'users/add-user', { ...valid, username: 'existing.name' }, admin), taken);
    expect422(await call(server, 'users/add-user', { ...valid, username: '  EXISTING.NAME ' }, admin), taken);

    expect(await countUsers()).toBe(before);
    expect(await userByUsername('valid-username')).toBeUndefined();
  });

  it('updates a user, and an empty or missing password keeps the old one', async () => {
    const id = await createNamedUser('Before Update', 'before-update', 3);
    const hashBefore = (await userRow(id)).password_hash;

    expectWrite(
      await call(
        server,
        'users/update-user',
        { id, name: ' After Update ', username: 'After-Update', password: '', roleId: 2, isActive: 1 },
        admin,
      ),
    );
    expect(await getUser(id)).toEqual({ id, name: 'After Update', username: 'After-Update', roleId: 2, isActive: 1, version: 2 });
    expect((await userRow(id)).password_hash).toBe(hashBefore);

    // Numeric strings, as a form sends them, and no password field at all.
    expectWrite(
      await call(
        server,
        'users/update-user',
        { id: String(id), name: 'After Update', username: 'after-update', roleId: '3', isActive: '0' },
        admin,
      ),
    );
    expect(await getUser(id)).toEqual({ id, name: 'After Update', username: 'after-update', roleId: 3, isActive: 0, version: 3 });
    expect((await userRow(id)).password_hash).toBe(hashBefore);

    expectWrite(
      await call(server, 'users/update-user', { id, name: 'After Update', username: 'after-update', roleId: 3, isActive: 1 }, admin),
    );
    await login(server, 'after-update', PASSWORD);
  });

  it('asks for every Edit User field and refuses bad values, writing nothing', async () => {
    const id = await createNamedUser('Edit Target', 'edit-target', 3);
    await createUser(server, 2, 'Edit.Other');
    const valid = { id, name: 'Edit Target', username: 'edit-target', roleId: 3, isActive: 1 };
    const snapshot = await userRow(id);

    expect422(await call(server, 'users/update-user', {}, admin), {
      id: ['The id field is required.'],
      name: ['Please enter name.'],
      username: ['Please enter username.'],
      roleId: ['Please select role.'],
      isActive: ['Please select status.'],
    });
    expect422(await call(server, 'users/update-user', { id, name: '', username: '  ', password: '', roleId: '', isActive: '' }, admin), {
      name: ['Please enter name.'],
      username: ['Please enter username.'],
      roleId: ['Please select role.'],
      isActive: ['Please select status.'],
    });
    for (const isActive of [2, -1, 'yes']) {
      expect422(await call(server, 'users/update-user', { ...valid, isActive }, admin), { isActive: ['The selected status is invalid.'] });
    }
    for (const roleId of [0, 4, 'x']) {
      expect422(await call(server, 'users/update-user', { ...valid, roleId }, admin), { roleId: ['The selected role is invalid.'] });
    }
    expect422(await call(server, 'users/update-user', { ...valid, password: 'short' }, admin), {
      password: ['The password must be at least 8 characters.'],
    });
    expect422(await call(server, 'users/update-user', { ...valid, id: 999_999 }, admin), { id: ['The selected user is invalid.'] });
    expect422(await call(server, 'users/update-user', { ...valid, username: 'EDIT.other' }, admin), taken);

    expect(await userRow(id)).toEqual(snapshot);
    expect(await userRow(id)).toMatchObject({ name: 'Edit Target', username: 'edit-target', role_id: 3, is_active: 1 });
  });

  it('lets a user keep their own username in another case', async () => {
    const id = await createNamedUser('Case Changer', 'case-changer', 3);
    expectWrite(
      await call(server, 'users/update-user', { id, name: 'Case Changer', username: 'Case-Changer', roleId: 3, isActive: 1 }, admin),
    );
    expect((await getUser(id)).username).toBe('Case-Changer');
  });

  it('keeps the last active admin active and an admin, until another active admin exists', async () => {
    // This test owns the admins: everyone else with role 1 is set aside and put back after.
    const others = await server.db.selectFrom('users').select('id').where('role_id', '=', 1).where('is_active', '=', 1).execute();
    await deactivateAdmins();
    try {
      const soloId = await createUser(server, 1, 'solo-admin');
      const solo = await createSession(server.db, soloId, 1);
      const self = { id: soloId, name: 'Name of solo-admin', username: 'solo-admin', roleId: 1, isActive: 1 };
      const snapshot = await userRow(soloId);

      expect422(await call(server, 'users/update-user', { ...self, isActive: 0 }, solo), {
        isActive: ['The last active administrator cannot be deactivated.'],
      });
      for (const roleId of [2, 3]) {
        expect422(await call(server, 'users/update-user', { ...self, roleId }, solo), {
          roleId: ['The last active administrator cannot be demoted.'],
        });
      }
      expect(await userRow(soloId)).toEqual(snapshot);
      expect((await call(server, 'me', undefined, solo)).status).toBe(200);
      // Other edits of the last admin are fine.
      expectWrite(await call(server, 'users/update-user', { ...self, name: 'Solo Admin' }, solo));
      expect((await call(server, 'me', undefined, solo)).status).toBe(200);

      // An inactive admin does not count.
      await createUser(server, 1, 'sleeping-admin', 0);
      expect422(await call(server, 'users/update-user', { ...self, name: 'Solo Admin', isActive: 0 }, solo), {
        isActive: ['The last active administrator cannot be deactivated.'],
      });

      // With a second active admin, the first may be demoted (which ends their sessions).
      const secondId = await createUser(server, 1, 'second-admin');
      expectWrite(await call(server, 'users/update-user', { ...self, name: 'Solo Admin', roleId: 2 }, solo));
      expect((await userRow(soloId)).role_id).toBe(2);
      expect((await call(server, 'me', undefined, solo)).status).toBe(203);

      // Now the second is the last one; once the first is an admin again, it may be deactivated.
      const second = await createSession(server.db, secondId, 1);
      const secondSelf = { id: secondId, name: 'Name of second-admin', username: 'second-admin', roleId: 1, isActive: 1 };
      expect422(await call(server, 'users/update-user', { ...secondSelf, isActive: 0 }, second), {
        isActive: ['The last active administrator cannot be deactivated.'],
      });
      expectWrite(await call(server, 'users/update-user', { ...self, name: 'Solo Admin', roleId: 1 }, second));
      expectWrite(await call(server, 'users/update-user', { ...secondSelf, isActive: 0 }, second));
      expect((await userRow(secondId)).is_active).toBe(0);
      expect((await call(server, 'me', undefined, second)).status).toBe(203);
    } finally {
      await deactivateAdmins();
      for (const { id } of others) await updateUser(server.db, UNAUDITED, id, { isActive: 1 });
    }
    expect((await call(server, 'me', undefined, admin)).body.user.id).toBe(adminId);
  });

  it('never leaves no active admin when two admins remove each other at the same time', async () => {
    const others = await server.db.selectFrom('users').select('id').where('role_id', '=', 1).where('is_active', '=', 1).execute();
    try {
      for (let round = 0; round < 5; round++) {
        await deactivateAdmins();
        const a = await createUser(server, 1, `race-a-${round}`);
        const b = await createUser(server, 1, `race-b-${round}`);
        const [tokenA, tokenB] = [await createSession(server.db, a, 1), await createSession(server.db, b, 1)];
        // Even rounds: each deactivates themself; odd rounds: each demotes the other.
        const answers = await Promise.all(
          round % 2 === 0
            ? [
                call(server, 'users/update-user', { id: a, name: 'Race A', username: `race-a-${round}`, roleId: 1, isActive: 0 }, tokenA),
                call(server, 'users/update-user', { id: b, name: 'Race B', username: `race-b-${round}`, roleId: 1, isActive: 0 }, tokenB),
              ]
            : [
                call(server, 'users/update-user', { id: b, name: 'Race B', username: `race-b-${round}`, roleId: 2, isActive: 1 }, tokenA),
                call(server, 'users/update-user', { id: a, name: 'Race A', username: `race-a-${round}`, roleId: 3, isActive: 1 }, tokenB),
              ],
        );
        // One wins; the other is refused as the last admin (422), or, when the winner demoted it
        // before its own call was read, its session is already gone (203).
        const statuses = answers.map((answer) => answer.status);
        expect(
          statuses.filter((status) => status === 200),
          `round ${round}: ${statuses}`,
        ).toHaveLength(1);
        expect(
          statuses.filter((status) => status === 422 || status === 203),
          `round ${round}: ${statuses}`,
        ).toHaveLength(1);
        const left = await server.db.selectFrom('users').select('id').where('role_id', '=', 1).where('is_active', '=', 1).execute();
        expect(left, `round ${round}`).toHaveLength(1);
      }
    } finally {
      await deactivateAdmins();
      for (const { id } of others) await updateUser(server.db, UNAUDITED, id, { isActive: 1 });
    }
  });

  it("revokes a user's sessions on deactivation, demotion and a password change, not on other edits", async () => {
    const deactivatedId = await createNamedUser('To Deactivate', 'to-deactivate', 2);
    const demotedId = await createNamedUser('To Demote', 'to-demote', 2);
    const passwordId = await createNamedUser('New Password', 'new-password', 3);
    const editedId = await createNamedUser('Just Renamed', 'just-renamed', 3);
    const tokens = {
      deactivated: await createSession(server.db, deactivatedId, 1),
      demoted: await createSession(server.db, demotedId, 1),
      password: await createSession(server.db, passwordId, 1),
      edited: await createSession(server.db, editedId, 1),
    };

    expectWrite(
      await call(
        server,
        'users/update-user',
        { id: deactivatedId, name: 'To Deactivate', username: 'to-deactivate', roleId: 2, isActive: 0 },
        admin,
      ),
    );
    expectWrite(
      await call(server, 'users/update-user', { id: demotedId, name: 'To Demote', username: 'to-demote', roleId: 3, isActive: 1 }, admin),
    );
    expectWrite(
      await call(
        server,
        'users/update-user',
        { id: passwordId, name: 'New Password', username: 'new-password', password: 'replaced-password', roleId: 3, isActive: 1 },
        admin,
      ),
    );
    // Renamed and promoted: still signed in, with the new role at once.
    expectWrite(
      await call(
        server,
        'users/update-user',
        { id: editedId, name: 'Renamed Person', username: 'just-renamed', roleId: 2, isActive: 1 },
        admin,
      ),
    );

    for (const token of [tokens.deactivated, tokens.demoted, tokens.password]) {
      const me = await call(server, 'me', undefined, token);
      expect(me.status).toBe(203);
      expect(me.body).toEqual(dangerBody);
    }
    const edited = await call(server, 'me', undefined, tokens.edited);
    expect(edited.status).toBe(200);
    expect(edited.body.user).toMatchObject({ id: editedId, name: 'Renamed Person', roleId: 2, isAdmin: 0 });

    // Revoked means revoked: reactivating or promoting again does not bring old tokens back.
    expectWrite(
      await call(
        server,
        'users/update-user',
        { id: deactivatedId, name: 'To Deactivate', username: 'to-deactivate', roleId: 2, isActive: 1 },
        admin,
      ),
    );
    expectWrite(
      await call(server, 'users/update-user', { id: demotedId, name: 'To Demote', username: 'to-demote', roleId: 2, isActive: 1 }, admin),
    );
    expect((await call(server, 'me', undefined, tokens.deactivated)).status).toBe(203);
    expect((await call(server, 'me', undefined, tokens.demoted)).status).toBe(203);

    // The new password signs in, the old one does not.
    const old = await call(server, 'auth/login', { username: 'new-password', password: PASSWORD });
    expect(old.status).toBe(401);
    await login(server, 'new-password', 'replaced-password');
    expect((await userRow(passwordId)).password_hash.startsWith(hashPrefix)).toBe(true);
  });

  it('refuses sign-in to a deactivated user and allows it again once reactivated', async () => {
    const id = await createNamedUser('Switch Person', 'switch-person', 3);
    expectWrite(
      await call(server, 'users/update-user', { id, name: 'Switch Person', username: 'switch-person', roleId: 3, isActive: 0 }, admin),
    );
    const refused = await call(server, 'auth/login', { username: 'switch-person', password: PASSWORD });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(dangerBody);

    expectWrite(
      await call(server, 'users/update-user', { id, name: 'Switch Person', username: 'switch-person', roleId: 3, isActive: 1 }, admin),
    );
    await login(server, 'switch-person');
  });
});
