import Fastify from 'fastify';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '#server/db/connect.ts';
import { migrate, migrationsFor, newestMigration } from '#server/db/migrate.ts';
import { installHealth, schemaIsCurrent } from '#server/http/health.ts';
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

// docs/design.md §8.9: the probe found /readyz saying ready on a database without the schema.
describeEachDatabase('GET /readyz and the schema this build expects', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(() => server.close());

  const readyz = async () => {
    const response = await fetch(`${server.url}/readyz`);
    return { status: response.status, body: await response.json() };
  };

  /** The database loses its schema under the running server (emptied, or swapped for an empty one). */
  async function dropEverything() {
    const { db } = server;
    if (kind === 'postgres') {
      await sql`DROP SCHEMA public CASCADE`.execute(db);
      await sql`CREATE SCHEMA public`.execute(db);
      return;
    }
    const tables = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(
      db,
    );
    await sql`PRAGMA foreign_keys = OFF`.execute(db);
    for (const { name } of tables.rows) await sql`DROP TABLE ${sql.table(name)}`.execute(db);
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }

  it('is 503 with no schema, 503 with an older one, and 200 once the database is migrated', async () => {
    expect(await readyz()).toEqual({ status: 200, body: { status: 'ok' } });

    await dropEverything();
    expect(await readyz()).toEqual({ status: 503, body: notReady });
    // The process itself still runs.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    // Every step but this build's newest: an older build's schema.
    const steps = Object.keys(migrationsFor(kind));
    expect(steps.at(-1)).toBe(newestMigration(kind));
    const migrator = new Migrator({ db: server.db, provider: { getMigrations: async () => migrationsFor(kind) } });
    expect((await migrator.migrateTo(steps.at(-2)!)).error).toBeUndefined();
    expect(await readyz()).toEqual({ status: 503, body: notReady });

    await migrate(server.connection);
    expect(await readyz()).toEqual({ status: 200, body: { status: 'ok' } });
  });
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
      expect(await probe(() => schemaIsCurrent(db, newestMigration('postgres')))).toMatchObject({ status: 503, body: notReady });
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
