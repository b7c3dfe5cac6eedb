import Fastify from 'fastify';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '#server/db/connect.ts';
import { databaseAnswers, installHealth } from '#server/http/health.ts';
import { describeEachDatabase, startServer, type TestServer } from './harness.ts';
import { expectSecurityHeaders } from './expected.ts';

const notReady = { responseMessage: 'Not ready.', responseFlag: 'danger' };

describeEachDatabase('GET /healthz and GET /readyz', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    // A built app, so the fallback would answer index.html if the probes were not routes of their own.
    const appDir = mkdtempSync(join(tmpdir(), 'ac-health-app-'));
    writeFileSync(join(appDir, 'index.html'), '<!doctype html><title>app</title>');
    server = await startServer(kind, { appDir });
  });
  afterAll(() => server.close());

  for (const path of ['/healthz', '/readyz']) {
    it(`${path} answers 200 {"status":"ok"} with no token, the security headers and no cookie`, async () => {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.text()).toBe('{"status":"ok"}');
      expectSecurityHeaders(response.headers, path);
      expect(response.headers.get('set-cookie')).toBeNull();
    });
  }
});

describe('GET /readyz when the database does not answer', () => {
  const probe = async (ready: () => Promise<void>) => {
    const app = Fastify();
    installHealth(app, ready);
    const started = Date.now();
    const answer = await app.inject({ method: 'GET', url: '/readyz' });
    await app.close();
    return { status: answer.statusCode, body: answer.json(), ms: Date.now() - started };
  };

  it('is 503 with the error body when the database is unreachable (a pool aimed at a closed port)', async () => {
    const { db } = connect('postgres://postgres@127.0.0.1:9/nothing');
    try {
      expect(await probe(() => databaseAnswers(db))).toMatchObject({ status: 503, body: notReady });
    } finally {
      await db.destroy();
    }
  });

  it('is 503 within about a second when the database hangs', async () => {
    const answer = await probe(() => new Promise(() => undefined));
    expect(answer).toMatchObject({ status: 503, body: notReady });
    expect(answer.ms).toBeGreaterThanOrEqual(950);
    expect(answer.ms).toBeLessThan(2_000);
  });

  it('is 200 when the check answers in time, and /healthz does not ask the database at all', async () => {
    expect(await probe(async () => undefined)).toMatchObject({ status: 200, body: { status: 'ok' } });
    const app = Fastify();
    installHealth(app, () => Promise.reject(new Error('never asked')));
    expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    await app.close();
  });
});
