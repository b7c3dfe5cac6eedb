import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, describeEachDatabase, PASSWORD, signInEachRole, startServer, type TestServer } from './harness.ts';

describeEachDatabase('credentials in the log', (kind) => {
  let server: TestServer;
  let admin: string;
  const log: string[] = [];

  beforeAll(async () => {
    server = await startServer(kind, {}, { stream: { write: (line: string) => void log.push(line) } });
    ({ admin } = await signInEachRole(server));
  });
  afterAll(() => server.close());

  it('request URLs are logged without their query strings, so a token sent in one is not kept', async () => {
    log.length = 0;
    const secret = admin;
    const answers = [
      await fetch(`${server.url}/api/me?token=${secret}`, { method: 'POST', headers: { authorization: `Bearer ${admin}` } }),
      await fetch(`${server.url}/api/me?token=${secret}`, { method: 'POST' }),
      await fetch(`${server.url}/api/no-such-call?token=${secret}`, { method: 'POST' }),
      await fetch(`${server.url}/models?token=${secret}&password=${PASSWORD}`),
      await fetch(`${server.url}/storage/${'0'.repeat(64)}.png?token=${secret}`),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 203, 404, expect.any(Number), 404]);
    const lines = log.map((line) => JSON.parse(line) as { url?: string });
    expect(lines.filter((line) => line.url).map((line) => line.url)).toEqual([
      '/api/me',
      '/api/me',
      '/api/no-such-call',
      '/models',
      `/storage/${'0'.repeat(64)}.png`,
    ]);
    const all = log.join('\n');
    expect(all).not.toContain(secret);
    expect(all).not.toContain(PASSWORD);
    expect((await call(server, 'me', undefined, admin)).status).toBe(200);
  });
});
