import type * as crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { call, createUser, describeEachDatabase, PASSWORD, startServer, type TestServer } from '#tests/api/harness.ts';

// Every scrypt the server runs, with its parameters: the proof that a failed sign-in does the
// same work whatever the reason, without trusting a clock on a busy machine.
const scrypts = vi.hoisted(() => [] as { N?: number; r?: number; p?: number; keylen: number }[]);

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof crypto>();
  const scrypt = (
    password: crypto.BinaryLike,
    salt: crypto.BinaryLike,
    keylen: number,
    options: crypto.ScryptOptions,
    done: (error: Error | null, key: Buffer) => void,
  ) => {
    scrypts.push({ N: options.N, r: options.r, p: options.p, keylen });
    actual.scrypt(password, salt, keylen, options, done);
  };
  return { ...actual, scrypt, default: { ...actual, scrypt } };
});

const TODAY = { N: 2 ** 17, r: 8, p: 1, keylen: 32 };

describeEachDatabase('sign-in failures look alike', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(kind);
    await createUser(server, 3, 'known-user');
    await createUser(server, 3, 'inactive-known', 0);
  });
  afterAll(() => server.close());

  /** One sign-in: its answer, the scrypts it ran and how long it took. */
  async function attempt(username: string, password: string) {
    const before = scrypts.length;
    const started = performance.now();
    const answer = await call(server, 'auth/login', { username, password });
    return { answer, ms: performance.now() - started, ran: scrypts.slice(before) };
  }

  it("unknown user, wrong password and inactive user: same status and body, one scrypt at today's parameters each", async () => {
    const cases = {
      'unknown user': () => attempt(`nobody-${Math.random().toString(36).slice(2)}`, 'some-password'),
      'wrong password': () => attempt('known-user', 'not-the-password'),
      'inactive user': () => attempt('inactive-known', PASSWORD),
    };
    const timings: Record<string, number[]> = {};
    let firstBody: unknown;
    // The first round includes the very first unknown-user check, which must not be slower.
    for (let round = 0; round < 2; round++) {
      for (const [name, run] of Object.entries(cases)) {
        const { answer, ms, ran } = await run();
        expect(answer.status, name).toBe(401);
        firstBody ??= answer.body;
        expect(answer.body, name).toEqual(firstBody);
        expect(answer.headers.get('content-type'), name).toBe('application/json; charset=utf-8');
        expect(ran, name).toEqual([TODAY]);
        (timings[name] ??= []).push(ms);
      }
    }
    expect(firstBody).toEqual({ responseMessage: 'These credentials do not match our records.', responseFlag: 'danger' });
    // For the record only: a shared 2-core machine is too noisy for a threshold.
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!.toFixed(0);
    console.warn(
      `[${kind}] median sign-in failure ms: ${Object.entries(timings)
        .map(([name, ms]) => `${name} ${median(ms)}`)
        .join(', ')}`,
    );
  });

  it('a right password runs the same single scrypt', async () => {
    const { answer, ran } = await attempt('known-user', PASSWORD);
    expect(answer.status).toBe(200);
    expect(ran).toEqual([TODAY]);
  });
});
