import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, describeEachDatabase, seedCatalogue } from '#tests/api/harness.ts';
import { csvBytes, IMPORT_HEADER, importForm } from '#tests/support/import-files.ts';
import { openSharedDatabase, signIn, sized, soakTimeout, type SharedDatabase } from './shared-database.ts';

const ROWS = 10_000;
const ROUNDS = sized(4, 20);

/** 10,000 new models, their names marked with the batch, so the database tells which import each came from. */
const batch = (name: string) =>
  csvBytes([IMPORT_HEADER, ...Array.from({ length: ROWS }, (_, i) => ['Crash Brand', 'Crash Series', `${name} ${i}`, '2.5', '170.00'])]);

describeEachDatabase('models/import under SIGKILL', (kind) => {
  let shared: SharedDatabase;
  let admin: string;

  beforeAll(async () => {
    shared = await openSharedDatabase(kind);
    const first = await shared.start();
    ({ admin } = await signIn(shared, [first], 0));
    await shared.inspect((db) => seedCatalogue({ url: first.url, db }, admin, 'Crash'));
    await first.stop();
  });
  afterAll(() => shared?.close());

  const countOf = (name: string) =>
    shared.inspect(async (db) => {
      const row = await db
        .selectFrom('models')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('name', 'like', `${name} %`)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    });

  it(
    `leaves all ${ROWS} rows or none, whatever moment the server dies at`,
    async () => {
      // How long a whole import takes here: the kills fall inside that span.
      let server = await shared.start();
      const started = performance.now();
      expect((await call(server, 'models/import', importForm(batch('Timed')), admin)).status).toBe(200);
      const duration = performance.now() - started;
      expect(await countOf('Timed')).toBe(ROWS);

      const outcomes: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const name = `Round${round}`;
        const sent = call(server, 'models/import', importForm(batch(name)), admin).catch(() => undefined);
        // From half-way through (past reading the file) to just before the end.
        await sleep(duration * (0.5 + (0.45 * round) / Math.max(1, ROUNDS - 1)));
        await server.stop('SIGKILL');
        await sent;
        server = await shared.start();
        const count = await countOf(name);
        expect([0, ROWS], `round ${round}: ${count} rows`).toContain(count);
        outcomes.push(count);
      }
      await server.stop();
      // Not a vacuous pass: some kill did cut an import short.
      expect(outcomes).toContain(0);
    },
    soakTimeout ?? 300_000,
  );
});
