import { afterAll, beforeAll, expect, it } from 'vitest';
import { UNAUDITED } from '#server/repositories/audit.ts';
import { insertModels } from '#server/repositories/models.ts';
import { writeVariables } from '#server/repositories/variables.ts';
import { call, describeEachDatabase, seedCatalogue, signInEachRole, startServer, type TestServer } from '#tests/api/harness.ts';
import { streamCall, whileWatchingTheLoop } from './event-loop.ts';

// docs/design.md §8.2: a stamp of 10,000 models is one INSERT, its link checks 10,000 models, and
// the changes since a visit work out 10,000 Totals twice; none holds the event loop, other calls
// answering meanwhile. Measured as export-never-blocks.test.ts does, with its bound for a loaded
// 2-core machine (the aim is under 50 ms; the runs print what they held it for).

const MODELS = 10_000;
const CHANGED = 1_000;
const LONGEST_BLOCK_MS = 250;
const SMALL_CALL_MS = 5_000;

describeEachDatabase('stamps and changes over 10,000 models', (kind) => {
  let server: TestServer;
  let admin: string;
  let sales: string;
  let salesId: number;

  beforeAll(async () => {
    server = await startServer(kind);
    const signedIn = await signInEachRole(server);
    ({ admin, sales } = signedIn);
    salesId = signedIn.ids.sales;
    const { seriesId } = await seedCatalogue(server, admin, 'Stamp');
    await insertModels(
      server.db,
      UNAUDITED,
      Array.from({ length: MODELS - 1 }, (_, i) => ({
        seriesId,
        name: `Model ${i}`,
        capacityKw: 3.5,
        priceUsd: 100 + (i % 900),
        isActive: 1 as const,
      })),
    );
  }, 120_000);
  afterAll(() => server.close());

  const smallCall = async () => {
    expect((await call(server, 'models', { filters: {}, page: 3, per_page: 5 }, admin)).status).toBe(200);
  };

  async function watched(what: string, big: () => Promise<{ status: number; text: () => string }>) {
    const { result, longestMs, smallCalls } = await whileWatchingTheLoop(big, smallCall);
    console.warn(`[${kind}] ${what}: the event loop held at most ${longestMs.toFixed(1)} ms`);
    const text = result.text();
    expect(result.status, text.slice(0, 300)).toBe(200);
    expect(longestMs, `${what}: the event loop was held ${longestMs.toFixed(1)} ms`).toBeLessThan(LONGEST_BLOCK_MS);
    expect(smallCalls.length).toBeGreaterThanOrEqual(1);
    expect(Math.max(...smallCalls)).toBeLessThan(SMALL_CALL_MS);
    return text;
  }

  it('stamps every model in one row, and checks the stamp by its link, without holding the event loop', async () => {
    const text = await watched('stamps/create', () =>
      streamCall(`${server.url}/api/stamps/create`, sales, { filters: {}, sort: 'price.desc' }),
    );
    const { ref } = JSON.parse(text).stamp as { ref: string };
    const row = await server.db.selectFrom('stamps').select(['model_count']).where('ref', '=', ref).executeTakeFirstOrThrow();
    expect(row.model_count).toBe(MODELS);
    const page = await watched('/v/:ref', async () => {
      const response = await fetch(`${server.url}/v/${ref}`);
      const text = await response.text();
      return { status: response.status, text: () => text };
    });
    expect(page).toContain('These prices are current.');
  });

  it(`answers the changes since a visit, ${CHANGED} prices and the rate changed, without holding the event loop`, async () => {
    // The first visit starts the clock, once every model is made: the changes below come after it.
    expect((await call(server, 'changes/since', { screen: 'models' }, sales)).status).toBe(200);
    const ids = (await server.db.selectFrom('models').select('id').orderBy('id').limit(CHANGED).execute()).map((row) => row.id);
    await server.db
      .insertInto('audit_log')
      .values(
        ids.map((id) => ({
          user_id: salesId,
          user_name: 'Importer',
          action: 'model.import',
          entity_type: 'model',
          entity_id: id,
          entity_name: `Model ${id}`,
          changes: JSON.stringify({ modelPriceUsd: [90, 100] }),
          created_at: new Date().toISOString(),
        })),
      )
      .execute();
    const { version } = await server.db.selectFrom('variables').select('version').executeTakeFirstOrThrow();
    await writeVariables(server.db, { id: salesId, name: 'Admin' }, { exch: '290' }, { expectedVersion: version });
    const text = await watched('changes/since', () => streamCall(`${server.url}/api/changes/since`, sales, { screen: 'models' }));
    const { changes } = JSON.parse(text) as { changes: { variables: unknown[]; models: unknown[] } };
    expect(changes.variables).toHaveLength(1);
    expect(changes.models).toHaveLength(1_000);
  });
});
