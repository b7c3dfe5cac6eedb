import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, describeEachDatabase, seedCatalogue } from '#tests/api/harness.ts';
import { UNAUDITED } from '#server/repositories/audit.ts';
import { insertModels } from '#server/repositories/models.ts';
import { csvBytes, IMPORT_HEADER, importForm } from '#tests/support/import-files.ts';
import { openSharedDatabase, signIn, type SharedDatabase } from './shared-database.ts';
import type { ServerProcess } from './server-process.ts';

// docs/design.md §8.9: imports run one at a time per database. The probe: two imports at once,
// updating the same models in opposite orders through two servers, deadlocked on PostgreSQL (a
// 500, 8 of 8). Here each round sends both at once, one to each server process: each answer is
// the import done or the exact 422, never a 500, and each import is all or nothing.

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
