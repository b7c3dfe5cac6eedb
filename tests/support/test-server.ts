import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { buildApp, type BuiltApp } from '#server/app.ts';
import { readConfig, type Config } from '#server/config.ts';
import { connect, type Connection, type DatabaseKind, type Db } from '#server/db/connect.ts';
import { migrate } from '#server/db/migrate.ts';

// Shared by the Vitest API tests and the Playwright suite, so it imports no test runner.

/**
 * A real server on a real port over a database of its own: SQLite in a temporary folder, or a
 * fresh PostgreSQL database (created here, dropped on close) when TEST_DATABASE_URL is set.
 */
export type TestServer = {
  kind: DatabaseKind;
  url: string;
  /** The database's own address, for a check that must reach past the API (the e2e suite's expired quote). */
  databaseUrl: string;
  db: Db;
  connection: Connection;
  log: FastifyBaseLogger;
  /** Every route the server declared, from its call registry. */
  routes: BuiltApp['routes'];
  close(): Promise<void>;
};

export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

async function freshPostgres(template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const name = `ac_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${new URL(template).pathname.slice(1)}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base.toString() });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * An empty database of the kind asked for, and how to remove it; with `template` (the URL of a
 * database no one is connected to, see `migratedTemplate`) a copy of that one instead.
 */
export async function freshDatabase(kind: DatabaseKind, template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (kind === 'postgres') return freshPostgres(template);
  const dir = mkdtempSync(join(tmpdir(), 'ac-api-'));
  const path = join(dir, 'test.db');
  if (template) copyFileSync(template.slice('sqlite:'.length), path);
  return { url: `sqlite:${path}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A fresh database migrated once, for servers to start from copies of it: copying a file or
 * `CREATE DATABASE … TEMPLATE` costs a fraction of running every migration again per server.
 * Closed when this answers, as a template must be.
 */
export async function migratedTemplate(kind: DatabaseKind): Promise<{ url: string; drop(): Promise<void> }> {
  const template = await freshDatabase(kind);
  const connection = connect(template.url);
  try {
    await migrate(connection);
  } finally {
    await connection.db.destroy();
  }
  return template;
}

/**
 * `logger` is buildApp's: silent unless a test passes `{stream}` to read the log. `template`, a
 * `migratedTemplate`'s URL, saves the server its migrations; it still checks them at start.
 */
export async function startServer(
  kind: DatabaseKind,
  overrides: Partial<Config> = {},
  logger: Parameters<typeof buildApp>[1] = false,
  template?: string,
): Promise<TestServer> {
  const { url: databaseUrl, drop: cleanup } = await freshDatabase(kind, template);
  const config = { ...readConfig({}), databaseUrl, ...overrides };
  const { app, connection, routes } = await buildApp(config, logger);
  // A port of the caller's when its PUBLIC_URL must name it (the browser journeys' passkeys), else any free one.
  await app.listen({ port: overrides.port ?? 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    kind,
    url: `http://127.0.0.1:${port}`,
    databaseUrl,
    db: connection.db,
    connection,
    log: app.log,
    routes,
    async close() {
      await app.close();
      await cleanup();
    },
  };
}
