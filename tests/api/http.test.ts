import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { calls } from '#src/contract/calls.ts';
import { writeResponse } from '#src/contract/common.ts';
import { describeEachDatabase, signInEachRole, startServer, type TestServer } from './harness.ts';
import { expectSecurityHeaders } from './expected.ts';

const INDEX_HTML = '<!doctype html><html><head><title>ac test app</title></head><body><div id="root"></div></body></html>';
// A script as the build writes it: with its brotli and gzip copies beside it (vite.config.ts, precompressed).
const SCREEN_JS = `export const rows = [${Array.from({ length: 200 }, (_, i) => `'row ${i}'`).join(', ')}];`;
const notFound = { responseMessage: 'Not found.', responseFlag: 'danger' };
const methodNotAllowed = { responseMessage: 'Method not allowed.', responseFlag: 'danger' };
const pageExpired = { responseMessage: 'Page expired. Please reload the page.', responseFlag: 'danger' };
const notAnObject = { message: 'The request body must be a JSON object.', errors: { body: ['The request body must be a JSON object.'] } };

/** A request sent exactly as written (fetch would normalise the path or refuse odd header bytes). */
function raw(server: TestServer, method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  const { hostname, port } = new URL(server.url);
  return new Promise<{ status: number; body: string; headers: Headers }>((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        const answered = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') answered.set(name, value);
        resolve({ status: res.statusCode ?? 0, body: text, headers: answered });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A raw answer as a fetch Response, for the checks written for those. */
const asResponse = ({ status, body, headers }: { status: number; body: string; headers: Headers }) =>
  new Response(body, { status, headers });

describeEachDatabase('http', (kind) => {
  let server: TestServer;
  let appDir: string;
  let admin: string;

  beforeAll(async () => {
    appDir = mkdtempSync(join(tmpdir(), 'ac-app-'));
    writeFileSync(join(appDir, 'index.html'), INDEX_HTML);
    mkdirSync(join(appDir, 'assets'));
    writeFileSync(join(appDir, 'assets', 'index-Ab12Cd34.js'), 'export {};');
    writeFileSync(join(appDir, 'assets', 'screen-Ef56Gh78.js'), SCREEN_JS);
    writeFileSync(join(appDir, 'assets', 'screen-Ef56Gh78.js.br'), brotliCompressSync(SCREEN_JS));
    writeFileSync(join(appDir, 'assets', 'screen-Ef56Gh78.js.gz'), gzipSync(SCREEN_JS));
    writeFileSync(join(appDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(appDir, 'sw.js'), 'self.addEventListener("install", () => {});');
    writeFileSync(join(appDir, 'manifest.webmanifest'), '{"name":"AC Back-office"}');
    server = await startServer(kind, { appDir });
    ({ admin } = await signInEachRole(server));
  });
  afterAll(async () => {
    await server.close();
    rmSync(appDir, { recursive: true, force: true });
  });

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

  it('serves the built index.html for any page path outside /api and /storage', async () => {
    for (const path of ['/', '/models', '/models/edit-model/5', '/brands/add-new-brand', '/login', '/models?page=3', '/no/such/screen']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(await response.text(), path).toBe(INDEX_HTML);
    }
  });

  it('answers HEAD on a page path as GET, without a body', async () => {
    const response = await fetch(`${server.url}/models/add-stock`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toBe('');
  });

  it('the index is not cached, so a new build is picked up', async () => {
    const response = await fetch(`${server.url}/series/edit-series/3`);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('built assets, named by their content, are kept for good; other files are asked for again', async () => {
    const asset = await fetch(`${server.url}/assets/index-Ab12Cd34.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const favicon = await fetch(`${server.url}/favicon.svg`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('cache-control')).toBe('public, max-age=0');
  });

  it('sends a built script compressed as the browser accepts it: brotli, else gzip, else as built', async () => {
    for (const [accepted, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      const asset = await fetch(`${server.url}/assets/screen-Ef56Gh78.js`, { headers: { 'accept-encoding': accepted } });
      expect(asset.status, accepted).toBe(200);
      expect(asset.headers.get('content-encoding'), accepted).toBe(encoding);
      expect(asset.headers.get('content-type'), accepted).toMatch(/^application\/javascript/);
      expect(asset.headers.get('vary'), accepted).toMatch(/accept-encoding/i);
      expect(asset.headers.get('cache-control'), accepted).toBe('public, max-age=31536000, immutable');
      // fetch undoes the encoding: every variant is the same script.
      expect(await asset.text(), accepted).toBe(SCREEN_JS);
    }
  });

  // docs/design.md §8.6: the service worker and the manifest keep their names, so the browser asks for them every time.
  it('the service worker and the manifest are asked for again every time, so a new build is found', async () => {
    const worker = await fetch(`${server.url}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    const manifest = await fetch(`${server.url}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
  });

  it('an unknown /api path is a 404 JSON answer, by any method', async () => {
    for (const [method, path] of [
      ['POST', '/api/x'],
      ['GET', '/api/x'],
      ['GET', '/api/brands/no-such-call'],
      ['POST', '/api'],
      ['GET', '/api'],
      ['DELETE', '/api/x'],
    ] as const) {
      const response = await fetch(`${server.url}${path}`, { method });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.headers.get('content-type'), `${method} ${path}`).toMatch(/^application\/json/);
      expect(await response.json()).toEqual(notFound);
    }
  });

  it('another method on a known call is 405 with Allow: POST', async () => {
    for (const [method, path] of [
      ['GET', '/api/brands'],
      ['GET', '/api/me'],
      ['PUT', '/api/brands/add-brand'],
      ['DELETE', '/api/users/update-user'],
      ['PATCH', '/api/auth/login'],
    ] as const) {
      const response = await fetch(`${server.url}${path}`, { method });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      expect(await response.json()).toEqual(methodNotAllowed);
    }
  });

  it('malformed JSON is a 400 write answer, never a 500, signed in or not', async () => {
    for (const headers of [{}, { authorization: `Bearer ${admin}` }] as Record<string, string>[]) {
      for (const [path, body] of [
        ['/api/brands', '{"page": 1'],
        ['/api/auth/login', '{username: "a"}'],
        ['/api/me', 'nul'],
      ] as const) {
        const response = await post(path, body, headers);
        expect(response.status, `${path} ${body}`).toBe(400);
        expect(await response.json()).toEqual({ responseMessage: 'The request body is not valid JSON.', responseFlag: 'danger' });
      }
    }
  });

  it('a JSON array, string or number body is 422 under body', async () => {
    for (const body of ['[]', '[{"id": 1}]', '"text"', '42', 'true']) {
      const response = await post('/api/brands/get-brand', body, { authorization: `Bearer ${admin}` });
      expect(response.status, body).toBe(422);
      expect(await response.json()).toEqual(notAnObject);
    }
  });

  it('a null or empty JSON body counts as an empty object', async () => {
    for (const body of ['null', '']) {
      const response = await post('/api/brands/get-brand', body, { authorization: `Bearer ${admin}` });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(await response.json()).toEqual({ message: 'The id field is required.', errors: { id: ['The id field is required.'] } });
    }
    const me = await post('/api/me', '', { authorization: `Bearer ${admin}` });
    expect(me.status).toBe(200);
    expect(calls.me.response.parse(await me.json()).user.roleId).toBe(1);
  });

  it('a body over 1 MiB is refused with 413; one of exactly 1 MiB is read', async () => {
    const shell = (pad: string) => JSON.stringify({ filters: {}, page: 1, pad });
    const exact = shell('x'.repeat(1_048_576 - shell('').length));
    expect(Buffer.byteLength(exact)).toBe(1_048_576);

    const over = await post('/api/brands', `${exact} `, { authorization: `Bearer ${admin}` });
    expect(over.status).toBe(413);
    expect(writeResponse.parse(await over.json()).responseFlag).toBe('danger');

    const fits = await post('/api/brands', exact, { authorization: `Bearer ${admin}` });
    expect(fits.status).toBe(200);
    expect(calls.brands.response.parse(await fits.json()).tableData.total).toBe(0);
  });

  it('an unsupported content type is refused with a write answer, not a 500', async () => {
    const response = await fetch(`${server.url}/api/me`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/xml' },
      body: '<me/>',
    });
    expect(response.status).toBe(415);
    expect(writeResponse.parse(await response.json()).responseFlag).toBe('danger');
  });

  it('a malformed multipart body is a 400, never a 500', async () => {
    for (const [contentType, body] of [
      ['multipart/form-data', 'no boundary given'],
      ['multipart/form-data; boundary=abc', '--abc\r\nContent-Disposition: form-data; name="brandName"\r\n\r\ncut short'],
    ] as const) {
      const response = await fetch(`${server.url}/api/brands/add-brand`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': contentType },
        body,
      });
      expect(response.status, contentType).toBe(400);
      expect(await response.json()).toEqual({
        responseMessage: 'The request body is not valid multipart form data.',
        responseFlag: 'danger',
      });
    }
    expect(await server.db.selectFrom('brands').select('id').execute()).toEqual([]);
  });

  it('sets a readable XSRF-TOKEN cookie on a first response, page or API, and not again once sent', async () => {
    for (const response of [await fetch(`${server.url}/`), await post('/api/me', '', { authorization: `Bearer ${admin}` })]) {
      const cookie = response.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='));
      expect(cookie).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{32,}; Path=\/; SameSite=Strict$/);
      expect(cookie).not.toMatch(/HttpOnly/i);
    }
    const a = (await fetch(`${server.url}/`)).headers.getSetCookie()[0];
    const b = (await fetch(`${server.url}/`)).headers.getSetCookie()[0];
    expect(a).not.toBe(b);

    const again = await fetch(`${server.url}/`, { headers: { cookie: 'XSRF-TOKEN=abc123' } });
    expect(again.headers.getSetCookie()).toEqual([]);
  });

  it('a POST with the cookie needs the same value in X-XSRF-TOKEN (419 otherwise)', async () => {
    const token = (await fetch(`${server.url}/`)).headers.getSetCookie()[0]!.split(';')[0]!.slice('XSRF-TOKEN='.length);
    const auth = { authorization: `Bearer ${admin}` };

    const missing = await post('/api/me', '', { ...auth, cookie: `XSRF-TOKEN=${token}` });
    expect(missing.status).toBe(419);
    expect(await missing.json()).toEqual(pageExpired);

    const different = await post('/api/me', '', {
      ...auth,
      cookie: `XSRF-TOKEN=${token}`,
      'x-xsrf-token': `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
    });
    expect(different.status).toBe(419);
    expect(await different.json()).toEqual(pageExpired);

    const shorter = await post('/api/me', '', { ...auth, cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token.slice(1) });
    expect(shorter.status).toBe(419);

    const matching = await post('/api/me', '', { ...auth, cookie: `other=1; XSRF-TOKEN=${token}`, 'x-xsrf-token': token });
    expect(matching.status).toBe(200);
    expect(calls.me.response.parse(await matching.json()).user.isAdmin).toBe(1);

    // Without the cookie there is nothing to compare (API clients that are not browsers).
    const noCookie = await post('/api/me', '', auth);
    expect(noCookie.status).toBe(200);
  });

  it('the XSRF check comes before the session check and holds for writes too', async () => {
    const noToken = await post('/api/me', '', { cookie: 'XSRF-TOKEN=abc' });
    expect(noToken.status).toBe(419);
    const write = await post('/api/brands/add-brand', '{}', {
      authorization: `Bearer ${admin}`,
      cookie: 'XSRF-TOKEN=abc',
      'x-xsrf-token': 'abd',
    });
    expect(write.status).toBe(419);
    expect(await write.json()).toEqual(pageExpired);
  });

  it('the XSRF check cannot be dodged with a percent-encoded path', async () => {
    for (const path of ['/%61pi/me', '/%61%70%69/me', '/api/%6De']) {
      const answer = await raw(
        server,
        'POST',
        path,
        { authorization: `Bearer ${admin}`, 'content-type': 'application/json', cookie: 'XSRF-TOKEN=abc' },
        '{}',
      );
      expect(answer.status, path).toBe(419);
      expect(JSON.parse(answer.body)).toEqual(pageExpired);
    }
  });

  it('odd cookie or header bytes are a 419, never a 500', async () => {
    for (const headers of [
      { cookie: 'XSRF-TOKEN=%C3%A9', 'x-xsrf-token': 'a' },
      { cookie: 'XSRF-TOKEN=%E0%A4%A', 'x-xsrf-token': 'abc' },
      { cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'ab\u00e9' },
    ]) {
      const answer = await raw(
        server,
        'POST',
        '/api/me',
        { authorization: `Bearer ${admin}`, 'content-type': 'application/json', ...headers },
        '{}',
      );
      expect(answer.status, JSON.stringify(headers)).toBe(419);
      expect(JSON.parse(answer.body)).toEqual(pageExpired);
    }
    // A cookie with a broken escape still works when echoed exactly.
    const echoed = await raw(
      server,
      'POST',
      '/api/me',
      { authorization: `Bearer ${admin}`, 'content-type': 'application/json', cookie: 'XSRF-TOKEN=%E0%A4%A', 'x-xsrf-token': '%E0%A4%A' },
      '{}',
    );
    expect(echoed.status).toBe(200);
  });

  it('a GET with the cookie and no header is not refused', async () => {
    const page = await fetch(`${server.url}/models`, { headers: { cookie: 'XSRF-TOKEN=abc' } });
    expect(page.status).toBe(200);
    const wrongMethod = await fetch(`${server.url}/api/models`, { headers: { cookie: 'XSRF-TOKEN=abc' } });
    expect(wrongMethod.status).toBe(405);
  });

  // docs/design.md §8.9: the probe found API answers with no Cache-Control at all.
  it('marks every /api answer Cache-Control: no-store, whatever its status; pages and files keep their own', async () => {
    const tooLarge = JSON.stringify({ pad: 'x'.repeat(1_048_577) });
    const answers: [string, Response][] = [
      ['200 me', await post('/api/me', '', { authorization: `Bearer ${admin}` })],
      ['200 models/export', await post('/api/models/export', '{}', { authorization: `Bearer ${admin}` })],
      ['203 me', await post('/api/me', '')],
      ['400 api', await post('/api/brands', '{', { authorization: `Bearer ${admin}` })],
      ['404 api', await post('/api/x', '{}')],
      ['404 /api', await fetch(`${server.url}/api`)],
      ['405 api', await fetch(`${server.url}/api/brands`)],
      ['413 api', await post('/api/me', tooLarge, { authorization: `Bearer ${admin}` })],
      ['415 api', await post('/api/me', '<me/>', { authorization: `Bearer ${admin}`, 'content-type': 'application/xml' })],
      ['419 api', await post('/api/me', '', { cookie: 'XSRF-TOKEN=abc' })],
      ['422 api', await post('/api/brands/get-brand', '{}', { authorization: `Bearer ${admin}` })],
      ['200 /%61pi/me', await raw(server, 'POST', '/%61pi/me', { authorization: `Bearer ${admin}` }).then(asResponse)],
    ];
    const statuses = answers.map(([what, response]) => `${what}: ${response.status}`);
    expect(statuses).toEqual(answers.map(([what]) => `${what}: ${what.split(' ')[0]}`));
    for (const [what, response] of answers) expect(response.headers.get('cache-control'), what).toBe('no-store');
    expect((await fetch(`${server.url}/models`)).headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${server.url}/assets/index-Ab12Cd34.js`)).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
  });

  it('sends the security headers on API answers of every kind and on pages', async () => {
    const answers: [string, Response][] = [
      ['page /', await fetch(`${server.url}/`)],
      ['page /models/edit-model/5', await fetch(`${server.url}/models/edit-model/5`)],
      ['200 me', await post('/api/me', '', { authorization: `Bearer ${admin}` })],
      ['203 me', await post('/api/me', '')],
      ['404 api', await post('/api/x', '{}')],
      ['405 api', await fetch(`${server.url}/api/brands`)],
      ['400 api', await post('/api/brands', '{', { authorization: `Bearer ${admin}` })],
      ['419 api', await post('/api/me', '', { cookie: 'XSRF-TOKEN=abc' })],
      ['422 api', await post('/api/brands/get-brand', '{}', { authorization: `Bearer ${admin}` })],
    ];
    for (const [what, response] of answers) expectSecurityHeaders(response.headers, what);

    // The app's own policy: scripts only from itself, nothing inline.
    const csp = answers[0]![1].headers.get('content-security-policy') ?? '';
    const scriptSrc =
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith('script-src')) ?? '';
    expect(scriptSrc).toBe("script-src 'self'");
    expect(answers[0]![1].headers.get('x-frame-options')).toBe('DENY');
  });
});
