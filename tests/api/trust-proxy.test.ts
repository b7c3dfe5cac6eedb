import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser, describeEachDatabase, PASSWORD, startServer, type TestServer } from './harness.ts';

// TRUST_PROXY: behind a reverse proxy every connection comes from the proxy, so the login
// throttle keys on the address the proxy forwards, or one guesser would lock everybody out.
describeEachDatabase('TRUST_PROXY and the login throttle', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(kind, { trustProxy: '127.0.0.1' });
  });
  afterAll(() => server.close());

  const loginVia = (client: string, password: string) =>
    fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
      body: JSON.stringify({ username: 'proxied-user', password }),
    }).then((response) => response.status);

  it('counts per forwarded client address when the proxy is trusted', async () => {
    await createUser(server, 3, 'proxied-user');
    for (let i = 0; i < 5; i++) expect(await loginVia('203.0.113.7', `wrong-${i}`)).toBe(401);
    expect(await loginVia('203.0.113.7', PASSWORD)).toBe(429);
    // The same user behind the same proxy, from another client, is not locked out.
    expect(await loginVia('198.51.100.4', PASSWORD)).toBe(200);
  });
});
