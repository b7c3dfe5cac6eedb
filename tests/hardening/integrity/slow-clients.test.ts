import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readConfig } from '#server/config.ts';
import { call, describeEachDatabase, seedCatalogue } from '#tests/api/harness.ts';
import type { ServerProcess } from './server-process.ts';
import { openSlowSockets } from './slow-sockets.ts';
import { openSharedDatabase, signIn, sized, soakTimeout, type SharedDatabase } from './shared-database.ts';

const SLOW = sized(300, 1_000);
// CI shortens the server's request timeout to wait seconds, not minutes; SOAK=1 runs the production default.
const TIMEOUT_MS = sized(3_000, readConfig({}).requestTimeoutMs);
const NORMAL_CALLS = 40;
// Generous bounds that only a real stall exceeds.
const PROMPT_MS = 5_000;
const CLOSE_GRACE_MS = 15_000;

describeEachDatabase('slow clients', (kind) => {
  let shared: SharedDatabase;
  let server: ServerProcess;
  let manager: string;
  let modelId: number;

  beforeAll(async () => {
    shared = await openSharedDatabase(kind);
    server = await shared.start({ REQUEST_TIMEOUT_MS: String(TIMEOUT_MS) });
    const signedIn = await signIn(shared, [server], 1);
    manager = signedIn.managers[0]!;
    ({ modelId } = await shared.inspect((db) => seedCatalogue({ url: server.url, db }, signedIn.admin, 'Slow')));
  });
  afterAll(() => shared?.close());

  it(
    `answers normal calls promptly while ${SLOW} slow sockets are open, and closes those sockets after the ${TIMEOUT_MS} ms timeout`,
    async () => {
      const { sockets, stop } = await openSlowSockets(Number(new URL(server.url).port), SLOW);
      try {
        expect(sockets.filter((socket) => socket.closed)).toEqual([]);

        let slowestMs = 0;
        for (let i = 0; i < NORMAL_CALLS; i++) {
          const started = performance.now();
          const answer =
            i % 2 === 0
              ? await call(server, 'models/add-stock', { id: modelId, modelQuantity: 1 }, manager)
              : await call(server, 'models', { filters: {}, page: 1, per_page: 30 }, manager);
          expect(answer.status, JSON.stringify(answer.body)).toBe(200);
          slowestMs = Math.max(slowestMs, performance.now() - started);
        }
        expect(slowestMs).toBeLessThan(PROMPT_MS);

        const allClosed = Promise.all(sockets.map((socket) => socket.whenClosed)).then(() => true);
        expect(await Promise.race([allClosed, sleep(TIMEOUT_MS + CLOSE_GRACE_MS, false)]), 'every slow socket closed by the server').toBe(
          true,
        );
        // The server answers 408 before it closes a slow socket, unless the client's next byte
        // crosses the close: the reset then discards the answer. It never answers anything else.
        const timedOut = 'HTTP/1.1 408 Request Timeout';
        const answers = new Set(sockets.map((socket) => socket.received.split('\r\n')[0]));
        expect([...answers].filter((answer) => answer !== '' && answer !== timedOut)).toEqual([]);
        expect(answers).toContain(timedOut);
      } finally {
        stop();
      }
      expect((await call(server, 'models', { filters: {}, page: 1, per_page: 30 }, manager)).status).toBe(200);
    },
    soakTimeout,
  );
});
