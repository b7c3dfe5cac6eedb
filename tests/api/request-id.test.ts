import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, describeEachDatabase, signInEachRole, startServer, type TestServer } from './harness.ts';

// docs/design.md §8.7: X-Request-Id on every answer, kept when the client's is 1–64 letters,
// digits and dashes, and on every log line of its request.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describeEachDatabase('request ids', (kind) => {
  let server: TestServer;
  let admin: string;
  const log: string[] = [];
  const linesOf = (id: string) =>
    log.map((line) => JSON.parse(line) as { reqId?: string; msg: string }).filter((line) => line.reqId === id);

  beforeAll(async () => {
    server = await startServer(kind, {}, { stream: { write: (line: string) => void log.push(line) } });
    ({ admin } = await signInEachRole(server));
  });
  afterAll(() => server.close());

  const send = (path: string, requestId: string | undefined, init: RequestInit = {}) =>
    fetch(`${server.url}${path}`, {
      ...init,
      headers: { ...(requestId === undefined ? {} : { 'x-request-id': requestId }), ...init.headers },
    });

  it('keeps an id of 1 to 64 letters, digits and dashes', async () => {
    for (const id of ['a', 'Trace-42-abc', 'x'.repeat(64), '0123456789-ABCDEFGHIJKLMNOPQRSTUVWXYZ-abcdefghijklmnopqrstuvwxyz']) {
      const answer = await send('/healthz', id);
      expect(answer.headers.get('x-request-id')).toBe(id);
    }
  });

  it('replaces any other with a new one, and gives one to a request that sent none', async () => {
    for (const sent of ['x'.repeat(65), 'has spaces in it', 'under_score', 'dot.ted', '', undefined]) {
      const answer = await send('/healthz', sent);
      const id = answer.headers.get('x-request-id');
      expect(id, sent).toMatch(UUID);
    }
  });

  it('is on errors too: 404, 422, 405, 203, 500 and the router’s own refusals', async () => {
    const id = 'errors-1';
    expect((await send('/api/unknown/123', id)).headers.get('x-request-id')).toBe(id);
    const invalid = await send('/api/brands/add-brand', id, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(invalid.status).toBe(422);
    expect(invalid.headers.get('x-request-id')).toBe(id);
    const wrongMethod = await send('/api/me', id);
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('x-request-id')).toBe(id);
    const signedOut = await send('/api/me', id, { method: 'POST' });
    expect(signedOut.status).toBe(203);
    expect(signedOut.headers.get('x-request-id')).toBe(id);
    const badUrl = await send('/%E0%A4%A', id);
    expect(badUrl.status).toBe(400);
    expect(badUrl.headers.get('x-request-id')).toBe(id);

    // A 500: the table the call reads is away for a moment.
    await sql`ALTER TABLE variable_history RENAME TO variable_history_away`.execute(server.db);
    try {
      const failed = await send('/api/variables/history', 'failing-500', {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(failed.status).toBe(500);
      expect(failed.headers.get('x-request-id')).toBe('failing-500');
      expect(((await failed.json()) as { requestId: string }).requestId).toBe('failing-500');
    } finally {
      await sql`ALTER TABLE variable_history_away RENAME TO variable_history`.execute(server.db);
    }
    // The error with its details, then the request's own line: both under its id.
    expect(linesOf('failing-500').map((line) => line.msg)).toEqual(['request failed', 'request completed']);
  });

  it('is on every log line of its request, under reqId', async () => {
    log.length = 0;
    const answer = await send('/api/auth/login', 'log-lines-1', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'nobody-at-all', password: 'wrong-password' }),
    });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('x-request-id')).toBe('log-lines-1');
    const lines = log.map((line) => JSON.parse(line) as { reqId?: string; msg: string });
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.map((line) => line.reqId)).toEqual(lines.map(() => 'log-lines-1'));
    expect(lines.map((line) => line.msg)).toContain('request completed');

    log.length = 0;
    const fresh = await call(server, 'me', undefined, admin);
    const id = fresh.headers.get('x-request-id');
    expect(id).toMatch(UUID);
    expect(log.map((line) => (JSON.parse(line) as { reqId?: string }).reqId)).toEqual([id]);
  });
});
