import { describe, expect, it } from 'vitest';
import { totpCode } from '#src/domain/two-factor.ts';
import { getStore } from '#mocks/store.ts';
import { ok, postToMocks, signIn, startMockApi } from './harness.ts';

// docs/design.md §8.5 on the mocks: the server's rules, from src/domain, so `npm run dev:mock` shows them.

startMockApi();

async function turnOn(token: string) {
  const { secret } = ok('auth/2fa/setup', await postToMocks('auth/2fa/setup', {}, token));
  const { recoveryCodes } = ok('auth/2fa/enable', await postToMocks('auth/2fa/enable', { code: totpCode(secret, Date.now()) }, token));
  return { secret, recoveryCodes };
}

const ticketOf = async (username: string) => {
  const answer = await postToMocks('auth/login', { username, password: 'password123' });
  expect(answer.body).toEqual({ mfaRequired: 1, mfaTicket: expect.any(String) });
  return (answer.body as { mfaTicket: string }).mfaTicket;
};

describe('two-factor sign-in on the mocks', () => {
  it('signs in in two steps, refuses a used code and takes a recovery code once', async () => {
    const { secret, recoveryCodes } = await turnOn(await signIn('sales'));
    const code = totpCode(secret, Date.now() + 30_000);
    const signedIn = ok('auth/login-2fa', await postToMocks('auth/login-2fa', { mfaTicket: await ticketOf('sales'), code }));
    expect((await postToMocks('me', {}, signedIn.token)).status).toBe(200);
    const ticket = await ticketOf('sales');
    expect((await postToMocks('auth/login-2fa', { mfaTicket: ticket, code })).status).toBe(401);
    expect((await postToMocks('auth/login-2fa', { mfaTicket: ticket, code: recoveryCodes[0] })).status).toBe(200);
    expect((await postToMocks('auth/login-2fa', { mfaTicket: await ticketOf('sales'), code: recoveryCodes[0] })).status).toBe(401);
  });

  it('counts wrong codes as failed sign-ins', async () => {
    await turnOn(await signIn('sales'));
    const ticket = await ticketOf('sales');
    for (let i = 0; i < 4; i++) expect((await postToMocks('auth/login-2fa', { mfaTicket: ticket, code: '000000' })).status).toBe(401);
    expect((await postToMocks('auth/login-2fa', { mfaTicket: ticket, code: '000000' })).status).toBe(429);
  });

  it("holds a covered user's calls until they set it up, and lets an admin reset another's", async () => {
    const admin = await signIn('admin');
    await turnOn(admin);
    ok('settings/update', await postToMocks('settings/update', { twoFactorRequiredLevel: 2 }, admin));
    const manager = await signIn('manager');
    const held = await postToMocks('models', {}, manager);
    expect(held.status).toBe(403);
    expect(held.body).toEqual({
      responseMessage: 'Please set up two-factor sign-in to continue.',
      responseFlag: 'danger',
      twoFactorSetupRequired: 1,
    });
    expect((await postToMocks('me', {}, manager)).status).toBe(200);
    await turnOn(manager);
    expect((await postToMocks('models', {}, manager)).status).toBe(200);

    expect((await postToMocks('users/reset-2fa', { id: 1 }, admin)).body).toMatchObject({
      errors: { id: ['You cannot reset your own two-factor sign-in.'] },
    });
    ok('users/reset-2fa', await postToMocks('users/reset-2fa', { id: 2 }, admin));
    expect((await postToMocks('me', {}, manager)).status).toBe(203);
    expect(getStore().auditLog.at(-1)).toMatchObject({ action: 'auth.2fa-reset', entityId: 2, userName: 'Admin User' });
  });
});

describe('sessions on the mocks', () => {
  it("lists one's own, ends one by id (another's is unknown) and all the others", async () => {
    const [first, second, third] = [await signIn('sales'), await signIn('sales'), await signIn('sales')];
    const theirs = await signIn('manager');
    const { sessions } = ok('auth/sessions', await postToMocks('auth/sessions', {}, first));
    expect(sessions.map((row) => row.current)).toEqual([0, 0, 1]);
    const [theirSession] = ok('auth/sessions', await postToMocks('auth/sessions', {}, theirs)).sessions;
    expect((await postToMocks('auth/sessions/revoke', { id: theirSession!.id }, first)).status).toBe(422);
    ok('auth/sessions/revoke', await postToMocks('auth/sessions/revoke', { id: sessions[0]!.id }, first));
    expect((await postToMocks('me', {}, third)).status).toBe(203);
    ok('auth/sessions/revoke-others', await postToMocks('auth/sessions/revoke-others', {}, first));
    expect((await postToMocks('me', {}, second)).status).toBe(203);
    expect((await postToMocks('me', {}, first)).status).toBe(200);
    expect(getStore().auditLog.filter((entry) => entry.action === 'auth.revoke')).toHaveLength(2);
  });
});
