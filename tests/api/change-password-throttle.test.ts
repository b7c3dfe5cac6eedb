import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createUser, describeEachDatabase, login, PASSWORD, startServer, type TestServer } from './harness.ts';

const wrongCurrent = { message: 'The current password is incorrect.', errors: { currentPassword: ['The current password is incorrect.'] } };
const change = (currentPassword: string) => ({ currentPassword, password: 'brand-new-pass', password_confirmation: 'brand-new-pass' });

describeEachDatabase('auth/change-password and the login throttle', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(() => server.close());

  it('counts wrong current passwords as failed sign-ins of that user: the sixth in a minute is 429 with Retry-After', async () => {
    await createUser(server, 3, 'guessed-user');
    const token = await login(server, 'guessed-user');
    for (let i = 0; i < 5; i++) {
      const answer = await call(server, 'auth/change-password', change(`wrong-guess-${i}`), token);
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual(wrongCurrent);
    }
    const refused = await call(server, 'auth/change-password', change(PASSWORD), token);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(refused.body).toEqual({
      responseMessage: `Too many login attempts. Please try again in ${wait} seconds.`,
      responseFlag: 'danger',
    });
    // The same count as sign-in: the user cannot sign in from this address either, and the password is unchanged.
    expect((await call(server, 'auth/login', { username: 'guessed-user', password: PASSWORD })).status).toBe(429);
    expect((await call(server, 'me', undefined, token)).status).toBe(200);
  });

  it('a right current password clears the count', async () => {
    await createUser(server, 3, 'forgetful-user');
    const token = await login(server, 'forgetful-user');
    for (let i = 0; i < 4; i++) expect((await call(server, 'auth/change-password', change(`wrong-${i}`), token)).status).toBe(422);
    expect((await call(server, 'auth/change-password', change(PASSWORD), token)).status).toBe(200);
    for (let i = 0; i < 5; i++)
      expect((await call(server, 'auth/login', { username: 'forgetful-user', password: `nope-${i}` })).status).toBe(401);
  });
});
