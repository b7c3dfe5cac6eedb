import { get } from 'node:http';
import { expect, it } from 'vitest';
import { call, describeEachDatabase, PASSWORD } from '#tests/api/harness.ts';
import { ADMIN_USERNAME } from './server-process.ts';
import { openSharedDatabase } from './shared-database.ts';

// docs/design.md §7.5: SIGTERM or SIGINT stops accepting connections, lets requests in flight
// finish, closes the database and exits 0. A sign-in is the slow request: its scrypt check takes
// a few hundred milliseconds, so the signal arrives while it runs.
/** A GET on a connection of its own (fetch would reuse the sign-in's kept-alive one). */
const freshConnection = (url: string) =>
  new Promise<number>((resolve, reject) => {
    get(url, { agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    }).on('error', reject);
  });

describeEachDatabase('stopping a server process', (kind) => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal}: a sign-in in flight completes, new connections are refused, exit 0 within 10 s`, async () => {
      const shared = await openSharedDatabase(kind);
      try {
        const server = await shared.start();
        const inFlight = call(server, 'auth/login', { username: ADMIN_USERNAME, password: PASSWORD });
        // The request has reached the server and its password check is running.
        await new Promise((resolve) => setTimeout(resolve, 60));
        const started = Date.now();
        const stopping = server.stop(signal);

        const answer = await inFlight;
        expect(answer.status).toBe(200);
        expect(answer.body.token).toMatch(/\S{20,}/);
        // Once the signal is handled nobody new gets in (the port is closed at once).
        await new Promise((resolve) => setTimeout(resolve, 50));
        await expect(freshConnection(`${server.url}/healthz`)).rejects.toThrow(/ECONNREFUSED/);

        expect(await stopping).toBe(0);
        expect(Date.now() - started).toBeLessThan(10_000);
      } finally {
        await shared.close();
      }
    }, 60_000);
  }
});
