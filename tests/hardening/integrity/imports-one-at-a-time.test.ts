import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, describeEachDatabase, seedCatalogue } from '#tests/api/harness.ts';
import { UNAUDITED } from '#server/repositories/audit.ts';
import { insertModels } from '#server/repositories/models.ts';
import { csvBytes, IMPORT_HEADER, importForm } from '#tests/support/import-files.ts';
import type { Db } from '#server/db/connect.ts';
import { openSharedDatabase, signIn, type SharedDatabase } from './shared-database.ts';
import type { ServerProcess } from './server-process.ts';

// docs/design.md §8.9: imports run one at a time per database. The probe: two imports at once,
// updating the same models in opposite orders through two servers, deadlocked on PostgreSQL (a
// 500, 8 of 8). Here each round sends both at once, one to each server process: each answer is
// the import done or the exact 422, never a 500, and each import is all or nothing.
//
// On SQLite, two processes on one file: a second import used to wait for the first (its
// transaction queued on the file's write lock) and then run. Now the first holds the import lock
// (a row of `import_lock`, server/repositories/import-lock.ts) from the moment it reads its file,
// and the second is the 422 at once, while the first is still running.

const MODELS = 2_000;
const ROUNDS = 4;
const running = {
  message: 'Another import is running. Try again when it has finished.',
  errors: { file: ['Another import is running. Try again when it has finished.'] },
};

describeEachDatabase('two imports at once on two servers', (kind) => {
  let shared: SharedDatabase;
  let servers: ServerProcess[];
  let admin: string;

  beforeAll(async () => {
    shared = await openSharedDatabase(kind);
    servers = [await shared.start(), await shared.start()];
    ({ admin } = await signIn(shared, servers, 0));
    await shared.inspect(async (db) => {
      const { seriesId } = await seedCatalogue({ url: servers[0]!.url, db }, admin, 'Order');
      const models = Array.from({ length: MODELS }, (_, i) => ({
        seriesId,
        name: `Ordered ${i}`,
        capacityKw: null,
        priceUsd: 1,
        isActive: 1 as const,
      }));
      await insertModels(db, UNAUDITED, models);
    });
  });
  afterAll(() => shared?.close());

  /** Every model repriced to `price`, in the order given. */
  const repricing = (price: number, reversed: boolean) => {
    const rows = Array.from({ length: MODELS }, (_, i) => ['Order Brand', 'Order Series', `Ordered ${i}`, '', String(price)]);
    return csvBytes([IMPORT_HEADER, ...(reversed ? rows.reverse() : rows)]);
  };
  const prices = () =>
    shared.inspect(async (db) =>
      (await db.selectFrom('models').select('price_cents').where('name', 'like', 'Ordered %').execute()).map((row) =>
        Number(row.price_cents),
      ),
    );

  it('never deadlocks: each answer the import done or 422, each import whole', async () => {
    const statuses: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const [a, b] = [10 + 2 * round, 11 + 2 * round];
      const answers = await Promise.all([
        call(servers[0]!, 'models/import', importForm(repricing(a, false)), admin),
        call(servers[1]!, 'models/import', importForm(repricing(b, true)), admin),
      ]);
      for (const answer of answers) {
        statuses.push(answer.status);
        if (answer.status !== 200) expect(answer.body).toEqual(running);
      }
      // All models carry one import's price: whichever was applied last, wholly.
      const seen = new Set(await prices());
      expect(seen.size, `round ${round}: prices ${[...seen].join(', ')}`).toBe(1);
    }
    expect(statuses).not.toContain(500);
  });
});

/** A file of `count` new models of the seeded series, named `prefix i`: a few seconds' import at 10,000. */
const newModels = (prefix: string, count: number) =>
  csvBytes([IMPORT_HEADER, ...Array.from({ length: count }, (_, i) => ['Lock Brand', 'Lock Series', `${prefix} ${i}`, '2.5', '120'])]);

/** The import lock's row as the servers wrote it, or undefined when nobody holds it. */
const holder = (db: Db) => db.selectFrom('import_lock').selectAll().executeTakeFirst();

/** Waits until the server process `pid` holds the import lock: it has started reading its file. */
async function untilHeldBy(db: Db, pid: number) {
  while (Number((await holder(db))?.pid) !== pid) await sleep(2);
}

describe('imports on two SQLite processes sharing one file', () => {
  let shared: SharedDatabase;
  let servers: ServerProcess[];
  let admin: string;

  beforeAll(async () => {
    shared = await openSharedDatabase('sqlite');
    servers = [await shared.start(), await shared.start()];
    ({ admin } = await signIn(shared, servers, 0));
    await shared.inspect((db) => seedCatalogue({ url: servers[0]!.url, db }, admin, 'Lock'));
  });
  afterAll(() => shared?.close());

  it('refuses a second import at once while the first runs; the next one after it is taken', async () => {
    await shared.inspect(async (db) => {
      let firstDone = false;
      const first = call(servers[0]!, 'models/import', importForm(newModels('Slow', 10_000)), admin).finally(() => (firstDone = true));
      await untilHeldBy(db, servers[0]!.pid);
      const second = await call(servers[1]!, 'models/import', importForm(newModels('Meanwhile', 1)), admin);
      expect(second.status).toBe(422);
      expect(second.body).toEqual(running);
      // Answered while the first still runs: refused, not queued behind it.
      expect(firstDone).toBe(false);
      expect((await first).body.responseMessage).toBe('10000 models created, 0 updated.');
      expect(await holder(db)).toBeUndefined();
      const next = await call(servers[1]!, 'models/import', importForm(newModels('After', 1)), admin);
      expect(next.body.responseMessage).toBe('1 models created, 0 updated.');
    });
  });

  it('does not stay locked by a process killed while it imports', async () => {
    const doomed = await shared.start();
    await shared.inspect(async (db) => {
      void call(doomed, 'models/import', importForm(newModels('Killed', 10_000)), admin).catch(() => undefined);
      await untilHeldBy(db, doomed.pid);
      await doomed.stop('SIGKILL');
      // Its hold is still written down, but its process is gone from this host.
      expect(Number((await holder(db))?.pid)).toBe(doomed.pid);
    });
    const next = await call(servers[1]!, 'models/import', importForm(newModels('Survivor', 1)), admin);
    expect(next.body.responseMessage).toBe('1 models created, 0 updated.');
    expect(await shared.inspect((db) => db.selectFrom('models').select('id').where('name', 'like', 'Killed %').execute())).toEqual([]);
  });

  it('holds for a process on another host until its time is past', async () => {
    const hold = (expiresInMs: number) =>
      shared.inspect((db) =>
        db
          .insertInto('import_lock')
          .values({ id: 1, token: 'elsewhere', host: 'another-host', pid: servers[0]!.pid, expires_at_ms: Date.now() + expiresInMs })
          .execute(),
      );
    await hold(60_000);
    expect((await call(servers[1]!, 'models/import', importForm(newModels('Held', 1)), admin)).body).toEqual(running);
    await shared.inspect((db) => db.deleteFrom('import_lock').execute());
    await hold(-1);
    expect((await call(servers[1]!, 'models/import', importForm(newModels('Lapsed', 1)), admin)).body.responseMessage).toBe(
      '1 models created, 0 updated.',
    );
    expect(await shared.inspect(holder)).toBeUndefined();
  });
});
