import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryLoginThrottle } from '#src/domain/login-throttle.ts';
import { call, createUser, describeEachDatabase, PASSWORD, startServer, type Answer, type TestServer } from '#tests/api/harness.ts';

const tooMany = {
  responseMessage: expect.stringMatching(/^Too many login attempts\. Please try again in \d+ seconds\.$/),
  responseFlag: 'danger',
};

/** A sign-in from a chosen loopback address (Linux answers on all of 127/8), with extra headers. */
function loginFrom(server: TestServer, localAddress: string, body: object, headers: Record<string, string> = {}): Promise<Answer> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        hostname,
        port,
        localAddress,
        path: '/api/auth/login',
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') responseHeaders.set(name, value);
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), headers: responseHeaders });
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

function expectThrottled(answer: Answer) {
  expect(answer.status).toBe(429);
  expect(answer.body).toEqual(tooMany);
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  // The header and the message name the same wait.
  expect(answer.body.responseMessage).toContain(`in ${retryAfter} seconds`);
}

describe('the login throttle rule', () => {
  it('lets 5 attempts a minute per key go on, then names the seconds until the minute of the first ends', () => {
    const throttle = memoryLoginThrottle({});
    const t0 = 1_000_000;
    for (let i = 0; i < 5; i++) expect(throttle.attempt('alice|10.0.0.1', t0 + i * 1000)).toBe(0);
    expect(throttle.attempt('alice|10.0.0.1', t0 + 5000)).toBe(55);
    expect(throttle.attempt('alice|10.0.0.1', t0 + 59_500)).toBe(1);
    // The minute is over: a new count begins.
    expect(throttle.attempt('alice|10.0.0.1', t0 + 60_000)).toBe(0);
    // Other keys were never affected, and a success clears the key.
    expect(throttle.attempt('alice|10.0.0.2', t0 + 5000)).toBe(0);
    expect(throttle.attempt('bob|10.0.0.1', t0 + 5000)).toBe(0);
    for (let i = 0; i < 5; i++) throttle.attempt('carol|10.0.0.1', t0);
    throttle.clear('carol|10.0.0.1');
    expect(throttle.attempt('carol|10.0.0.1', t0 + 1000)).toBe(0);
  });

  it('drops counts whose minute is over when a new key comes', () => {
    const counts = {};
    const throttle = memoryLoginThrottle(counts);
    throttle.attempt('old|10.0.0.1', 0);
    throttle.attempt('recent|10.0.0.1', 30_000);
    throttle.attempt('new|10.0.0.1', 60_000);
    expect(Object.keys(counts).sort()).toEqual(['new|10.0.0.1', 'recent|10.0.0.1']);
  });
});

describeEachDatabase('login throttle over HTTP', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(() => server.close());

  it('locks one username at one address only: not the same user elsewhere, not another user here', async () => {
    await createUser(server, 3, 'target-user');
    await createUser(server, 3, 'neighbour-user');
    for (let i = 0; i < 5; i++) {
      expect((await loginFrom(server, '127.0.0.1', { username: 'target-user', password: `wrong-${i}` })).status).toBe(401);
    }
    expectThrottled(await loginFrom(server, '127.0.0.1', { username: 'target-user', password: PASSWORD }));
    // Other spellings of the same username share its count.
    expectThrottled(await loginFrom(server, '127.0.0.1', { username: '  TARGET-user ', password: PASSWORD }));
    // A forged forwarding header does not move the attacker to a fresh count.
    expectThrottled(
      await loginFrom(server, '127.0.0.1', { username: 'target-user', password: PASSWORD }, { 'x-forwarded-for': '203.0.113.9' }),
    );

    // The real user at another address still signs in, and so does a neighbour at the locked address.
    expect((await loginFrom(server, '127.0.0.2', { username: 'target-user', password: PASSWORD })).status).toBe(200);
    expect((await loginFrom(server, '127.0.0.1', { username: 'neighbour-user', password: PASSWORD })).status).toBe(200);
  });

  it('guesses sent in parallel cannot get past the limit', async () => {
    await createUser(server, 3, 'parallel-target');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => call(server, 'auth/login', { username: 'parallel-target', password: `guess-${i}` })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    for (const answer of answers.filter((a) => a.status === 429)) expectThrottled(answer);
  });

  it('a success clears the count, so a user who remembers is not locked out later', async () => {
    await createUser(server, 3, 'forgetful-user');
    for (let i = 0; i < 4; i++)
      expect((await call(server, 'auth/login', { username: 'forgetful-user', password: `nope-${i}` })).status).toBe(401);
    expect((await call(server, 'auth/login', { username: 'forgetful-user', password: PASSWORD })).status).toBe(200);
    // Without the reset this would be the sixth counted attempt, a 429.
    expect((await call(server, 'auth/login', { username: 'forgetful-user', password: 'nope-again' })).status).toBe(401);
  });
});
