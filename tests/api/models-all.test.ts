import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { pagedJson } from '#server/http/paged-json.ts';
import { calls } from '#src/contract/calls.ts';
import type { ModelRow } from '#src/contract/models.ts';
import { call, describeEachDatabase, signInEachRole, startServer, type TestServer } from './harness.ts';
import { ok } from './expected.ts';

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
    ({ admin } = await signInEachRole(server));
    const now = new Date().toISOString();
    const brands = await server.db
      .insertInto('brands')
      .values(
        ['Zed Brand', 'alpha brand'].map((name) => ({
          name,
          name_key: name.toLowerCase(),
          image_path: '/storage/x.png',
          is_active: 1,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    const series = await server.db
      .insertInto('series')
      .values(
        brands.flatMap(({ id }, b) =>
          ['S one', 's Two'].map((name) => ({
            brand_id: id,
            name: `${name} ${b}`,
            name_key: `${name} ${b}`.toLowerCase(),
            image_path: '/storage/x.png',
            is_active: 1,
            created_at: now,
            updated_at: now,
          })),
        ),
      )
      .returning('id')
      .execute();
    const models = Array.from({ length: MODELS }, (_, i) => {
      const name = `${AWKWARD[i % AWKWARD.length]} ${String(MODELS - i).padStart(4, '0')}`;
      return {
        series_id: series[i % series.length]!.id,
        name,
        name_key: name.toLowerCase(),
        capacity_milli_kw: i % 7 === 0 ? null : i * 37,
        price_cents: i * 1_013 + 1,
        quantity: i % 5,
        is_active: i % 3 === 0 ? 0 : 1,
        created_at: now,
        updated_at: now,
      };
    });
    for (let start = 0; start < models.length; start += 500)
      await server.db
        .insertInto('models')
        .values(models.slice(start, start + 500))
        .execute();
  });
  afterAll(() => server.close());

  const list = (page: number, perPage: number) => call(server, 'models', { filters: {}, page, per_page: perPage }, admin);

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

  it('gives at All the rows of the 500-row pages, in the same order', async () => {
    const all = ok('models', await list(1, MODELS)).tableData;
    const pages: ModelRow[] = [];
    for (let page = 1; page <= Math.ceil(MODELS / 500); page++) pages.push(...ok('models', await list(page, 500)).tableData.data);
    expect(all.data).toEqual(pages);
    expect(all).toMatchObject({ from: 1, to: MODELS, total: MODELS, last_page: 1, next_page_url: null });
  });

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
  const tableData = {
    data: [row],
    per_page: 1,
    from: 1,
    to: 1,
    total: 1,
    last_page: 1,
    current_page: 1,
    first_page_url: 'f',
    last_page_url: 'l',
    next_page_url: null,
    prev_page_url: null,
    path: 'p',
    extra: 1,
  };
  let text = '';
  for await (const chunk of pagedJson(calls.models.response)(tableData)) text += chunk;
  expect(text).not.toMatch(/secret|extra/);
  expect(text).toBe(await schemaSerialised({ tableData }));
});
