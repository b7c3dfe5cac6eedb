import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { pagedJson } from '#server/http/paged-json.ts';
import { calls } from '#src/contract/calls.ts';
import { tableData } from '#src/domain/paging.ts';
import type { ModelRow } from '#src/contract/models.ts';
import { insertBrand } from '#server/repositories/brands.ts';
import { insertModels } from '#server/repositories/models.ts';
import { insertSeries } from '#server/repositories/series.ts';
import { insertStockHistory } from '#server/repositories/stock.ts';
import { call, describeEachDatabase, images, signInEachRole, startServer, type TestServer } from './harness.ts';
import { ok } from './expected.ts';
import { UNAUDITED } from '#server/repositories/audit.ts';

// The models list at All is read (SQLite) and serialised in slices; its body must be the very
// JSON the response schema gave when it was written in one piece, rows in the same order.

const MODELS = 2_345;
// Names JSON must escape, or that take more than one UTF-8 byte.
const AWKWARD = ['quote " mark', 'back\\slash', 'tab\there', 'bell\u0007', 'line\u2028sep', 'Ünïcødé', '空调', 'snow ❄️ 🥶'];

/** What Fastify writes for `payload` with the route's response schema, as every call did before. */
async function schemaSerialised(payload: unknown): Promise<string> {
  const app = Fastify();
  app.post(
    '/',
    { schema: { response: { 200: z.toJSONSchema(calls.models.response, { target: 'draft-7', io: 'input' }) } } },
    async () => payload,
  );
  const answer = await app.inject({ method: 'POST', url: '/' });
  await app.close();
  return answer.body;
}

describeEachDatabase('models list at All', (kind) => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startServer(kind);
    let ids: Awaited<ReturnType<typeof signInEachRole>>['ids'];
    ({ admin, ids } = await signInEachRole(server));
    const image = { filename: 'x.png', bytes: images.png };
    const series: number[] = [];
    for (const [b, brandName] of ['Zed Brand', 'alpha brand'].entries()) {
      const brandId = await insertBrand(server.db, UNAUDITED, { name: brandName, image, isActive: 1 });
      for (const name of ['S one', 's Two'])
        series.push(await insertSeries(server.db, UNAUDITED, { brandId, name: `${name} ${b}`, image, isActive: 1 }));
    }
    const models = Array.from({ length: MODELS }, (_, i) => ({
      seriesId: series[i % series.length]!,
      name: `${AWKWARD[i % AWKWARD.length]} ${String(MODELS - i).padStart(4, '0')}`,
      capacityKw: i % 7 === 0 ? null : (i * 37) / 1000,
      // Every price six times or so: ties fall back to the list's order.
      priceUsd: ((i % 400) * 1_013 + 1) / 100,
      isActive: i % 3 === 0 ? (0 as const) : (1 as const),
    }));
    await insertModels(server.db, UNAUDITED, models);
    // Quantities 0 to 4, each from one stock addition, as the app would have written them.
    const rows = await server.db.selectFrom('models').select(['id', 'name']).execute();
    const index = new Map(models.map((model, i) => [model.name, i]));
    const now = new Date().toISOString();
    await insertStockHistory(
      server.db,
      rows
        .map((row) => ({ modelId: row.id, userId: ids.admin, quantity: index.get(row.name)! % 5, createdAt: now }))
        .filter((move) => move.quantity > 0),
    );
  });
  afterAll(() => server.close());

  const list = (page: number, perPage: number, sort?: string) =>
    call(server, 'models', { filters: {}, page, per_page: perPage, sort }, admin);

  it('answers All as the same JSON, byte for byte, that the response schema gives', async () => {
    const response = await fetch(`${server.url}/api/models`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({ filters: {}, page: 1, per_page: MODELS }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const text = await response.text();
    const table = calls.models.response.parse(JSON.parse(text)).tableData;
    expect(table.data).toHaveLength(MODELS);
    expect(text).toBe(await schemaSerialised(JSON.parse(text)));
  });

  // A page of up to 1,000 rows sorted by a key is read in the order the planner picks, All in the
  // list's order and then sorted (server/repositories/models.ts): both must give the same order.
  it.each([undefined, 'price.desc', 'price.asc', 'quantity.desc', 'capacity.asc', 'model.desc'])(
    'gives at All the rows of the 500-row pages, in the same order (sort %s)',
    async (sort) => {
      const all = ok('models', await list(1, MODELS, sort)).tableData;
      const pages: ModelRow[] = [];
      for (let page = 1; page <= Math.ceil(MODELS / 500); page++) pages.push(...ok('models', await list(page, 500, sort)).tableData.data);
      expect(all.data).toEqual(pages);
      expect(all).toMatchObject({ from: 1, to: MODELS, total: MODELS, last_page: 1, next_page_url: null });
    },
  );

  it('answers a page past the end as the schema would: no rows, null from and to', async () => {
    const answer = await list(2, MODELS);
    expect(answer.status).toBe(200);
    expect(JSON.stringify(answer.body)).toBe(await schemaSerialised(answer.body));
    expect(answer.body.tableData).toMatchObject({ data: [], from: null, to: null, prev_page_url: '/api/models?page=1' });
  });
});

it('writes only the fields the contract names, in its order, whatever else a row holds', async () => {
  const row = {
    modelIsActive: 1 as const,
    id: 1,
    brandName: 'B',
    seriesName: 'S',
    modelName: 'M',
    modelCapacityKW: null,
    modelPriceUsd: 2.5,
    modelQuantity: 3,
    secret: 'x',
  };
  const request = { page: 1, per_page: 1 };
  let text = '';
  for await (const chunk of pagedJson(calls.models.response, 'p')(request, { total: 1, rows: slices([row]) })) text += chunk;
  expect(text).not.toMatch(/secret/);
  expect(text).toBe(await schemaSerialised({ tableData: tableData('p', request, 1, [row]) }));
});

it('writes rows given a slice at a time, empty slices among them, as the schema writes them all at once', async () => {
  const rows = Array.from({ length: 5 }, (_, i) => ({
    modelIsActive: 1 as const,
    id: i + 1,
    brandName: AWKWARD[i]!,
    seriesName: 'S',
    modelName: 'M',
    modelCapacityKW: null,
    modelPriceUsd: 2.5,
    modelQuantity: 3,
  }));
  const request = { page: 2, per_page: 5 };
  let text = '';
  const page = { total: 12, rows: slices(rows.slice(0, 2), [], rows.slice(2)) };
  for await (const chunk of pagedJson(calls.models.response, '/api/models')(request, page)) text += chunk;
  expect(text).toBe(await schemaSerialised({ tableData: tableData('/api/models', request, 12, rows) }));
});

/** A page's rows as a reader hands them on, a slice at a time. */
async function* slices<Row>(...given: Row[][]): AsyncGenerator<Row[]> {
  for (const slice of given) yield slice;
}
