import { describe, expect, it } from 'vitest';
import { getStore } from '#mocks/store.ts';
import { softwareAuthenticator } from '#tests/api/software-authenticator.ts';
import { ok, postToMocks, signIn, startMockApi } from './harness.ts';

// docs/design.md §8.5 on the mocks: the ceremonies' shapes, a challenge good once and a passkey as a
// second factor, as on the server; the signature is the one thing the mocks take on trust.

startMockApi();

const authenticator = () => softwareAuthenticator('http://localhost', 'localhost');

async function register(token: string, key = authenticator()) {
  const options = ok('auth/passkeys/register-options', await postToMocks('auth/passkeys/register-options', {}, token));
  const response = key.register(options);
  return { key, response, answer: await postToMocks('auth/passkeys/register', { response, name: 'Phone' }, token) };
}

describe('passkeys on the mocks', () => {
  it('registers once per challenge, lists, signs in alone and removes', async () => {
    const token = await signIn('sales');
    const { key, response, answer } = await register(token);
    expect(answer.body).toEqual({ responseMessage: 'The passkey has been added.', responseFlag: 'success' });
    expect((await postToMocks('auth/passkeys/register', { response, name: 'Again' }, token)).status).toBe(422);
    const [passkey] = ok('auth/passkeys', await postToMocks('auth/passkeys', {}, token)).passkeys;
    expect(passkey).toEqual({ id: expect.any(Number), name: 'Phone', createdAt: expect.any(String), lastUsedAt: null });

    const options = ok('auth/passkeys/login-options', await postToMocks('auth/passkeys/login-options', { username: 'sales' }));
    expect(options.allowCredentials?.map((credential) => credential.id)).toEqual([key.id]);
    const login = await postToMocks('auth/passkeys/login', { response: key.authenticate(options) });
    expect((await postToMocks('me', {}, ok('auth/passkeys/login', login).token)).status).toBe(200);
    expect((await postToMocks('auth/passkeys/login', { response: key.authenticate(options) })).status).toBe(401);

    expect((await postToMocks('auth/passkeys/delete', { id: passkey!.id }, token)).status).toBe(200);
    expect(getStore().auditLog.map((entry) => entry.action)).toEqual(expect.arrayContaining(['auth.passkey-add', 'auth.passkey-remove']));
  });

  it('counts a passkey as a second factor for the policy, not as two-factor on', async () => {
    const token = await signIn('sales');
    getStore().settings.twoFactorRequiredLevel = 3;
    expect((await postToMocks('dashboard', {}, token)).status).toBe(403);
    expect((await register(token)).answer.status).toBe(200);
    expect((await postToMocks('dashboard', {}, token)).status).toBe(200);
    expect(ok('auth/2fa/status', await postToMocks('auth/2fa/status', {}, token))).toEqual({ twoFactor: 0 });
  });
});
