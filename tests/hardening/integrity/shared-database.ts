import { connect, type DatabaseKind, type Db } from '#server/db/connect.ts';
import { afterAll, beforeAll } from 'vitest';
import { createUser, login, seedCatalogue } from '#tests/api/harness.ts';
import { freshDatabase } from '#tests/support/test-server.ts';
import { ADMIN_USERNAME, spawnServer, type LoopProbe, type ServerProcess } from './server-process.ts';

const soak = process.env.SOAK === '1';

/** SOAK=1 runs the long form of each test; CI runs the bounded one, which still meets the stated numbers. */
export const sized = (bounded: number, long: number) => (soak ? long : bounded);

/** The long form outlasts the project's 300 s limit per test; the bounded form keeps it. */
export const soakTimeout = soak ? 3_600_000 : undefined;

/**
 * A database of its own shared by any number of server processes. The test holds no connection
 * between checks, so a killed server leaves the database to the next process alone.
 */
export type SharedDatabase = {
  /** Its DATABASE_URL, for processes other than servers (a backup). */
  url: string;
  /** A new server process on this database; every process still running is stopped by close(). */
  start(env?: Record<string, string>): Promise<ServerProcess>;
  /** The same, with the bench's event-loop probe preloaded (server-process.ts). */
  startProbed(): Promise<ServerProcess & LoopProbe>;
  /** Runs `check` on a connection of the test's own, closed afterwards. */
  inspect<T>(check: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

export async function openSharedDatabase(kind: DatabaseKind): Promise<SharedDatabase> {
  const database = await freshDatabase(kind);
  const servers: ServerProcess[] = [];
  return {
    url: database.url,
    async start(env) {
      const server = await spawnServer(database.url, env);
      servers.push(server);
      return server;
    },
    async startProbed() {
      const server = await spawnServer(database.url, {}, { loopProbe: true });
      servers.push(server);
      return server;
    },
    async inspect(check) {
      const { db } = connect(database.url);
      try {
        return await check(db);
      } finally {
        await db.destroy();
      }
    },
    async close() {
      for (const server of servers) await server.stop();
      await database.drop();
    },
  };
}

/**
 * Signs in the first admin and `managers` new managers (one scrypt check each, spread over the
 * servers), so clients reuse their tokens.
 */
export async function signIn(shared: SharedDatabase, servers: ServerProcess[], managers: number) {
  const suffix = Math.random().toString(36).slice(2, 8);
  const usernames = Array.from({ length: managers }, (_, i) => `manager-${i}-${suffix}`);
  await shared.inspect(async (db) => {
    for (const username of usernames) await createUser({ db }, 2, username);
  });
  const [admin, ...tokens] = await Promise.all(
    [ADMIN_USERNAME, ...usernames].map((username, i) => login(servers[i % servers.length]!, username)),
  );
  return { admin: admin!, managers: tokens };
}

/**
 * For the suite it is called in: a database of its own (`shared`, every server stopped and the
 * database dropped after the suite), its first admin signed in (`admin`) and a brand, series and
 * model named after `prefix` (seedCatalogue), made through a first server stopped afterwards.
 */
export function seededDatabase(kind: DatabaseKind, prefix: string): { readonly shared: SharedDatabase; readonly admin: string } {
  const suite = {} as { shared: SharedDatabase; admin: string };
  beforeAll(async () => {
    suite.shared = await openSharedDatabase(kind);
    const first = await suite.shared.start();
    ({ admin: suite.admin } = await signIn(suite.shared, [first], 0));
    await suite.shared.inspect((db) => seedCatalogue({ url: first.url, db }, suite.admin, prefix));
    await first.stop();
  });
  afterAll(() => suite.shared?.close());
  return suite;
}
