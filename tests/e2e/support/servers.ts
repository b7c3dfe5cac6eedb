import { existsSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { bootstrapAdmin } from '#server/bootstrap-admin.ts';
import { readConfig } from '#server/config.ts';
import { seedDemo } from '#server/demo/seed.ts';
import { databaseKinds, startServer, type TestServer } from '#tests/support/test-server.ts';

/** The databases a journey can run on; `demo` is SQLite filled by `npm run demo-data`'s generator. */
export type E2eDatabase = 'sqlite' | 'postgres' | 'demo';

export const ADMIN = { username: 'admin', password: 'e2e-admin-pass-1' } as const;
export const DEMO_PASSWORD = 'demo-pass-123';

export const serverUrlVariable = (database: E2eDatabase) => `E2E_URL_${database.toUpperCase()}`;
export const databaseUrlVariable = (database: E2eDatabase) => `E2E_DATABASE_URL_${database.toUpperCase()}`;

const appDir = resolve('dist');

/** A port free now, for a server whose public address must name it before it listens. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * The address a page must use for passkeys: the server's, by the name `localhost`, which is its
 * PUBLIC_URL and so the relying party (browsers refuse an IP address as one, docs/design.md §8.5).
 */
export const byHostName = (url: string) => url.replace('//127.0.0.1:', '//localhost:');

async function start(database: E2eDatabase): Promise<TestServer> {
  const port = await freePort();
  const business = { ...readConfig({}).business, publicUrl: byHostName(`http://127.0.0.1:${port}`) };
  const server = await startServer(database === 'postgres' ? 'postgres' : 'sqlite', { appDir, port, business });
  if (database === 'demo') await seedDemo(server.connection, { password: DEMO_PASSWORD, reset: false });
  else await bootstrapAdmin(server.connection, ADMIN.username, ADMIN.password, server.log);
  return server;
}

/**
 * Playwright's global setup: the production build served by the real server, each database fresh
 * for this run. Workers find the addresses in the environment, which they inherit.
 */
export default async function startServers() {
  if (!existsSync(`${appDir}/index.html`))
    throw new Error('No production build in dist/: run `npm run build` first (npm run test:e2e does).');
  const databases: E2eDatabase[] = [...databaseKinds, 'demo'];
  const servers = await Promise.all(databases.map(start));
  databases.forEach((database, index) => {
    process.env[serverUrlVariable(database)] = servers[index]!.url;
    process.env[databaseUrlVariable(database)] = servers[index]!.databaseUrl;
  });
  return async () => {
    await Promise.all(servers.map((server) => server.close()));
  };
}
