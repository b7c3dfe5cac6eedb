import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectSecurityHeaders } from '#tests/api/expected.ts';
import { call, describeEachDatabase, form, images, PASSWORD, signInEachRole, startServer, type TestServer } from '#tests/api/harness.ts';

const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>';
const serverError = {
  responseMessage: 'Sever Error. Please Contact Administration.',
  responseFlag: 'danger',
  requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
};

describeEachDatabase('errors and security headers', (kind) => {
  let server: TestServer;
  let appDir: string;
  let admin: string;
  const log: string[] = [];

  beforeAll(async () => {
    appDir = mkdtempSync(join(tmpdir(), 'ac-headers-'));
    mkdirSync(join(appDir, 'assets'));
    writeFileSync(join(appDir, 'index.html'), INDEX_HTML);
    writeFileSync(join(appDir, 'assets', 'app.js'), 'console.log("app");');
    server = await startServer(kind, { appDir }, { stream: { write: (line: string) => void log.push(line) } });
    ({ admin } = await signInEachRole(server));
  });
  afterAll(async () => {
    await server.close();
    rmSync(appDir, { recursive: true, force: true });
  });

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}`, ...headers },
      body,
    });

  it('sends the security headers on API answers, errors, the app, static files and stored images', async () => {
    const added = await call(
      server,
      'brands/add-brand',
      form({ brandName: 'Header Brand' }, { brandImage: { bytes: images.png, name: 'h.png' } }),
      admin,
    );
    expect(added.status).toBe(200);
    const { image_path: imagePath } = await server.db
      .selectFrom('brands')
      .select('image_path')
      .where('name', '=', 'Header Brand')
      .executeTakeFirstOrThrow();

    const answers: [string, Promise<Response>][] = [
      ['200 api', post('/api/me', '')],
      ['203 api', post('/api/me', '', { authorization: '' })],
      ['400 api', post('/api/brands', '{')],
      ['404 api', post('/api/nothing-here', '{}')],
      ['405 api', fetch(`${server.url}/api/brands`)],
      ['413 api', post('/api/brands', JSON.stringify({ pad: 'x'.repeat(1_048_576) }))],
      ['415 api', post('/api/me', '<me/>', { 'content-type': 'application/xml' })],
      ['422 api', post('/api/brands/get-brand', '{}')],
      ['app html', fetch(`${server.url}/models/edit-model/3`)],
      ['static file', fetch(`${server.url}/assets/app.js`)],
      ['stored image', fetch(`${server.url}${imagePath}`)],
      ['404 image', fetch(`${server.url}/storage/${'0'.repeat(64)}.png`)],
    ];
    for (const [what, pending] of answers) {
      const response = await pending;
      expect(response.status, what).toBe(Number(what.slice(0, 3)) || 200);
      expectSecurityHeaders(response.headers, what);
    }
    // A stored image is its true type and sandboxed, should a browser ever open it as a page.
    const image = await fetch(`${server.url}${imagePath}`);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-security-policy')).toMatch(/(^|; )sandbox(;|$)/);
  });

  if (kind === 'postgres') {
    it('survives PostgreSQL ending its idle connections, and the next call is served', async () => {
      // Calls at once leave several connections idle in the pool.
      for (const response of await Promise.all(Array.from({ length: 6 }, () => post('/api/me', '')))) expect(response.status).toBe(200);
      // From a connection of its own, so the server's pooled ones are the ones ended.
      await server.db
        .connection()
        .execute((db) =>
          sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`.execute(
            db,
          ),
        );
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await post('/api/me', '')).status).toBe(200);
    });
  }

  // Last: it breaks the database under the running server.
  it('a database failure is a 500 with the generic body and a request id; the details go to the log only', async () => {
    log.length = 0;
    await server.db.schema.dropTable('variables').execute();

    const response = await post('/api/variables', '');
    const text = await response.text();
    expect(response.status).toBe(500);
    expect(JSON.parse(text)).toEqual(serverError);
    expectSecurityHeaders(response.headers, '500 api');
    for (const leak of [
      /select/i,
      /variables/i,
      /sqlite/i,
      /postgres/i,
      /relation/i,
      /table/i,
      /\/work\//,
      /node_modules/,
      /\.ts\b/,
      /\bat\s/,
    ]) {
      expect(text).not.toMatch(leak);
    }

    const { requestId } = JSON.parse(text) as { requestId: string };
    const entries = log.map((line) => JSON.parse(line) as { reqId?: string; level: number; err?: { message: string; stack: string } });
    const failure = entries.find((entry) => entry.reqId === requestId && entry.level === 50);
    expect(failure?.err?.message).toMatch(/variables/);
    expect(failure?.err?.stack).toMatch(/\bat\s/);
    // Neither the session token nor a password is ever written to the log.
    const all = log.join('\n');
    expect(all).not.toContain(admin);
    expect(all).not.toContain(PASSWORD);
  });
});
