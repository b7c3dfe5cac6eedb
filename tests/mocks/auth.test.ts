import { describe, expect, it } from 'vitest';
import { postToMocks, ok, signIn, startMockApi } from './harness.ts';

startMockApi();

describe('auth/login', () => {
  it('answers a token that opens `me`', async () => {
    const token = await signIn('manager');
    const me = ok('me', await postToMocks('me', undefined, token));
    expect(me.user).toEqual({ id: 2, name: 'Manager User', username: 'manager', roleId: 2, isAdmin: 0, isActive: 1 });
  });

  it('matches the username whatever its case', async () => {
    const token = await signIn(' ADMIN ');
    expect(ok('me', await postToMocks('me', undefined, token)).user).toMatchObject({ username: 'admin', isAdmin: 1 });
  });

  it('answers 401 for a wrong password or an unknown user', async () => {
    for (const body of [
      { username: 'admin', password: 'wrong-password' },
      { username: 'nobody', password: 'password123' },
    ]) {
      const answer = await postToMocks('auth/login', body);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ responseMessage: 'These credentials do not match our records.', responseFlag: 'danger' });
    }
  });

  it('answers 422 with the screen messages for blank fields', async () => {
    const answer = await postToMocks('auth/login', { username: '  ', password: '' });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      message: 'Please enter username.',
      errors: { username: ['Please enter username.'], password: ['Please enter password.'] },
    });
    expect((await postToMocks('auth/login')).body.errors).toEqual({
      username: ['Please enter username.'],
      password: ['Please enter password.'],
    });
  });

  it('answers 429 with Retry-After after five failures in a minute', async () => {
    for (let i = 0; i < 5; i++) expect((await postToMocks('auth/login', { username: 'sales', password: 'nope' })).status).toBe(401);
    const answer = await postToMocks('auth/login', { username: 'sales', password: 'password123' });
    expect(answer.status).toBe(429);
    expect(answer.body.responseMessage).toMatch(/^Too many login attempts\. Please try again in \d+ seconds\.$/);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('sessions', () => {
  it('answers 203 without a token, with an unknown one, and after logout', async () => {
    const expired = { responseMessage: 'Your session has expired. Please sign in again.', responseFlag: 'danger' };
    expect(await postToMocks('me')).toMatchObject({ status: 203, body: expired });
    expect(await postToMocks('me', undefined, 'not-a-token')).toMatchObject({ status: 203, body: expired });

    const token = await signIn('sales');
    expect(ok('auth/logout', await postToMocks('auth/logout', undefined, token))).toEqual({
      responseMessage: 'You have been signed out.',
      responseFlag: 'success',
    });
    expect((await postToMocks('me', undefined, token)).status).toBe(203);
  });

  it('changing the password ends the other sessions and keeps this one', async () => {
    const here = await signIn('manager');
    const elsewhere = await signIn('manager');
    const wrong = await postToMocks(
      'auth/change-password',
      { currentPassword: 'nope', password: 'new-password', password_confirmation: 'new-password' },
      here,
    );
    expect(wrong).toMatchObject({ status: 422, body: { errors: { currentPassword: ['The current password is incorrect.'] } } });

    const changed = await postToMocks(
      'auth/change-password',
      { currentPassword: 'password123', password: 'new-password', password_confirmation: 'new-password' },
      here,
    );
    expect(ok('auth/change-password', changed).responseMessage).toBe('Password changed successfully.');
    expect((await postToMocks('me', undefined, here)).status).toBe(200);
    expect((await postToMocks('me', undefined, elsewhere)).status).toBe(203);
    expect((await postToMocks('auth/login', { username: 'manager', password: 'password123' })).status).toBe(401);
    await signIn('manager', 'new-password');
  });
});
