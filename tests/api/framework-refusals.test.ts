import { connect } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectSecurityHeaders } from './expected.ts';
import { describeEachDatabase, startServer, type TestServer } from './harness.ts';

type RawAnswer = { status: number; headers: Headers; body: string };

/** Sends `request` as written on a socket of its own (fetch would fix or refuse it) and reads the one answer. */
async function raw(server: TestServer, request: string): Promise<RawAnswer> {
  const { port } = new URL(server.url);
  const socket = connect(Number(port), '127.0.0.1');
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
  // The server may close while the request is still being written: the answer is what counts.
  socket.on('error', () => {});
  socket.write(request);
  await new Promise((resolve) => socket.once('close', resolve));
  const [head = '', ...rest] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = new Headers();
  for (const line of lines) headers.append(line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim());
  const status = Number(statusLine.split(' ')[1]);
  const body = headers.get('transfer-encoding') === 'chunked' ? rest.join('\r\n\r\n').split('\r\n')[1]! : rest.join('\r\n\r\n');
  return { status, headers, body };
}

const get = (path: string, extra = '') => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extra}Connection: close\r\n\r\n`;

describeEachDatabase('refusals of the framework and of Node', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(() => server.close());

  const cases: { what: string; status: number; message: string; request: () => string; echo: string }[] = [
    { what: 'malformed URL', status: 400, message: 'The address is not valid.', request: () => get('/%E0%A4%A'), echo: '%E0%A4%A' },
    {
      what: 'malformed URL under /api',
      status: 400,
      message: 'The address is not valid.',
      request: () => `POST /api/%E0%A4%A HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
      echo: '%E0%A4%A',
    },
    { what: 'unknown API route', status: 404, message: 'Not found.', request: () => get('/api/no-such-call-here'), echo: 'no-such-call' },
    {
      what: 'body too large',
      status: 413,
      message: 'Request body is too large',
      request: () =>
        `POST /api/me HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2000000\r\nConnection: close\r\n\r\n{"a":"`,
      echo: '/api/me',
    },
    {
      what: 'URL too long',
      status: 414,
      message: 'The address is too long.',
      request: () => get(`/storage/${'a'.repeat(200)}.png`),
      echo: 'aaaaaaaaaa',
    },
    {
      what: 'headers too large',
      status: 431,
      message: 'The request headers are too large.',
      request: () => get('/api/me', `X-Padding: ${'p'.repeat(20_000)}\r\n`),
      echo: 'ppppppppp',
    },
    {
      what: 'URL longer than the header limit',
      status: 431,
      message: 'The request headers are too large.',
      request: () => get(`/${'u'.repeat(20_000)}`),
      echo: 'uuuuuuuuu',
    },
    {
      what: 'not HTTP at all',
      status: 400,
      message: 'The request is not valid HTTP.',
      request: () => 'HELLO THERE\r\n\r\n',
      echo: 'HELLO',
    },
  ];

  for (const refusal of cases) {
    it(`${refusal.what}: ${refusal.status} with the security headers and the §4 body, no framework code, no echo`, async () => {
      const answer = await raw(server, refusal.request());
      expect(answer.status, answer.body).toBe(refusal.status);
      expectSecurityHeaders(answer.headers, refusal.what);
      // docs/design.md §8.9: every /api answer, these included, is never cached; no error is.
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(JSON.parse(answer.body)).toEqual({ responseMessage: refusal.message, responseFlag: 'danger' });
      expect(answer.body).not.toMatch(/FST_|ERR_|HPE_/);
      expect(answer.body).not.toContain(refusal.echo);
    });
  }
});
