import { describe, expect, it } from 'vitest';
import { postToMocks, ok, signIn, signInEachRole, startMockApi } from './harness.ts';

startMockApi();

const admin = { id: 1, name: 'Admin User', username: 'admin', roleId: 1, isActive: 1 };

describe('the last active admin', () => {
  it('cannot be deactivated or demoted', async () => {
    const tokens = await signInEachRole();
    const deactivate = await postToMocks('users/update-user', { ...admin, isActive: 0 }, tokens.admin);
    expect(deactivate).toMatchObject({
      status: 422,
      body: { errors: { isActive: ['The last active administrator cannot be deactivated.'] } },
    });
    const demote = await postToMocks('users/update-user', { ...admin, roleId: 2 }, tokens.admin);
    expect(demote).toMatchObject({ status: 422, body: { errors: { roleId: ['The last active administrator cannot be demoted.'] } } });
    expect((await postToMocks('me', undefined, tokens.admin)).status).toBe(200);
  });

  it('can step down once another admin is active, and loses the session at once', async () => {
    const tokens = await signInEachRole();
    const promote = await postToMocks(
      'users/update-user',
      { id: 2, name: 'Manager User', username: 'manager', roleId: 1, isActive: 1 },
      tokens.admin,
    );
    expect(ok('users/update-user', promote).responseMessage).toBe('User updated successfully.');
    // Promotion keeps the session.
    expect(ok('me', await postToMocks('me', undefined, tokens.manager)).user.isAdmin).toBe(1);

    expect((await postToMocks('users/update-user', { ...admin, roleId: 3 }, tokens.admin)).status).toBe(200);
    expect((await postToMocks('me', undefined, tokens.admin)).status).toBe(203);
    const sales = ok('me', await postToMocks('me', undefined, await signIn('admin'))).user;
    expect(sales).toMatchObject({ roleId: 3, isAdmin: 0 });
  });
});

describe('users/update-user', () => {
  it('deactivating a user makes their token answer 203 and their sign-in 401', async () => {
    const tokens = await signInEachRole();
    const body = { id: 3, name: 'Sales User', username: 'sales', roleId: 3, isActive: 0 };
    expect(ok('users/update-user', await postToMocks('users/update-user', body, tokens.admin)).responseFlag).toBe('success');
    expect(await postToMocks('me', undefined, tokens.sales)).toMatchObject({ status: 203, body: { responseFlag: 'danger' } });
    expect((await postToMocks('auth/login', { username: 'sales', password: 'password123' })).status).toBe(401);
  });

  it('a new password ends the sessions; an empty one keeps the old', async () => {
    const tokens = await signInEachRole();
    const body = { id: 2, name: 'Manager Renamed', username: 'manager', password: '', roleId: 2, isActive: 1 };
    expect((await postToMocks('users/update-user', body, tokens.admin)).status).toBe(200);
    expect(ok('me', await postToMocks('me', undefined, tokens.manager)).user.name).toBe('Manager Renamed');

    expect((await postToMocks('users/update-user', { ...body, password: 'short' }, tokens.admin)).body.errors).toEqual({
      password: ['The password must be at least 8 characters.'],
    });
    expect((await postToMocks('users/update-user', { ...body, password: 'another-one' }, tokens.admin)).status).toBe(200);
    expect((await postToMocks('me', undefined, tokens.manager)).status).toBe(203);
    await signIn('manager', 'another-one');
  });

  it('refuses a taken username and an unknown id', async () => {
    const tokens = await signInEachRole();
    const taken = await postToMocks('users/update-user', { id: 3, name: 'S', username: 'Manager', roleId: 3, isActive: 1 }, tokens.admin);
    expect(taken.body.errors).toEqual({ username: ['The username has already been taken.'] });
    const unknown = await postToMocks('users/update-user', { id: 30, name: 'S', username: 's', roleId: 3, isActive: 1 }, tokens.admin);
    expect(unknown.body.errors).toEqual({ id: ['The selected user is invalid.'] });
    expect((await postToMocks('users/get-user', { id: 30 }, tokens.admin)).status).toBe(404);
  });
});

describe('users/add-user and the list', () => {
  it('adds an active user who can sign in, and never lists a password', async () => {
    const tokens = await signInEachRole();
    const blank = await postToMocks('users/add-user', {}, tokens.admin);
    expect(blank.body.errors).toEqual({
      name: ['Please enter name.'],
      username: ['Please enter username.'],
      password: ['Please enter password.'],
      roleId: ['Please select role.'],
    });
    const added = await postToMocks(
      'users/add-user',
      { name: 'Zara Khan', username: 'zara', password: 'zara-password', roleId: '2' },
      tokens.admin,
    );
    expect(ok('users/add-user', added).responseMessage).toBe('User added successfully.');
    expect(
      (await postToMocks('users/add-user', { name: 'Z', username: 'ZARA', password: 'zara-password', roleId: 3 }, tokens.admin)).body
        .errors,
    ).toEqual({
      username: ['The username has already been taken.'],
    });
    await signIn('zara', 'zara-password');

    const list = await postToMocks('users', { filters: { search: 'ZAR' } }, tokens.admin);
    expect(ok('users', list).tableData.data).toEqual([{ id: 4, name: 'Zara Khan', username: 'zara', roleId: 2, isActive: 1 }]);
    expect(JSON.stringify(list.body)).not.toContain('password');
    expect(ok('users/get-user', await postToMocks('users/get-user', { id: 4 }, tokens.admin)).user).not.toHaveProperty('password');
  });
});
