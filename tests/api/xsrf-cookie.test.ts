import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, describeEachDatabase, form, images, signInEachRole, startServer, type TestServer } from './harness.ts';

describeEachDatabase('where the XSRF-TOKEN cookie is handed out', (kind) => {
  let server: TestServer;
  let appDir: string;
  let imagePath: string;

  beforeAll(async () => {
    appDir = mkdtempSync(join(tmpdir(), 'ac-xsrf-'));
    mkdirSync(join(appDir, 'assets'));
    writeFileSync(join(appDir, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(appDir, 'assets', 'app.js'), 'console.log("app");');
    server = await startServer(kind, { appDir });
    const { admin } = await signInEachRole(server);
    const added = await call(
      server,
      'brands/add-brand',
      form({ brandName: 'Cookie Brand' }, { brandImage: { bytes: images.png, name: 'c.png' } }),
      admin,
    );
    expect(added.status).toBe(200);
    ({ image_path: imagePath } = await server.db
      .selectFrom('brands')
      .select('image_path')
      .where('name', '=', 'Cookie Brand')
      .executeTakeFirstOrThrow());
  });
  afterAll(async () => {
    await server.close();
    rmSync(appDir, { recursive: true, force: true });
  });

  const cookieOf = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${server.url}${path}`, init);
    await response.arrayBuffer();
    return { status: response.status, cookie: response.headers.get('set-cookie') };
  };

  it('sets it on the app page and on API answers', async () => {
    for (const path of ['/', '/models/add-stock']) {
      const answer = await cookieOf(path);
      expect(answer.status, path).toBe(200);
      expect(answer.cookie, path).toMatch(/^XSRF-TOKEN=[\w-]{43}; Path=\/; SameSite=Strict$/);
    }
    expect((await cookieOf('/api/me', { method: 'POST' })).cookie).toMatch(/^XSRF-TOKEN=/);
  });

  it('never sets it on the immutable, publicly cached /assets and /storage answers', async () => {
    for (const path of ['/assets/app.js', imagePath, `/storage/${'0'.repeat(64)}.png`, '/assets/missing.js']) {
      const answer = await cookieOf(path);
      expect(answer.cookie, `${path} (${answer.status})`).toBeNull();
    }
    expect((await cookieOf('/assets/app.js')).status).toBe(200);
    expect((await cookieOf(imagePath)).status).toBe(200);
  });
});
