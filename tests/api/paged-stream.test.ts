import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { pagedAnswer } from '#server/http/paged-json.ts';
import type { Page } from '#server/repositories/read-page.ts';
import type { ModelRow } from '#src/contract/models.ts';

// server/http/paged-json.ts: a page larger than a slice is streamed as it is read. A read failing
// before the first row is answered 500; failing later, the answer is cut short, never left open;
// a client that goes ends the read under it.

const ALL = { page: 1, per_page: 10_000 };
const row = (id: number): ModelRow => ({
  modelIsActive: 1,
  id,
  brandName: 'B',
  seriesName: 'S',
  modelName: `M${id}`,
  modelCapacityKW: null,
  modelPriceUsd: 2.5,
  modelQuantity: 3,
});
const slice = (from: number) => Array.from({ length: 1_000 }, (_, i) => row(from + i));

let app: FastifyInstance | undefined;
afterEach(async () => app?.close());

/** A server answering the models call from `rows`, at the address it answers. */
async function serving(rows: () => AsyncIterable<ModelRow[]>): Promise<string> {
  const answer = pagedAnswer('models');
  app = Fastify();
  app.post('/', async (_request, reply) => answer(reply, ALL, async (): Promise<Page<ModelRow>> => ({ total: 3_000, rows: rows() })));
  return app.listen({ port: 0, host: '127.0.0.1' });
}

it('streams the slices as one JSON answer', async () => {
  const url = await serving(async function* () {
    yield slice(1);
    yield slice(1_001);
    yield slice(2_001);
  });
  const answer = await fetch(url, { method: 'POST' });
  const table = (await answer.json()).tableData;
  expect(table).toMatchObject({ total: 3_000, from: 1, to: 3_000 });
  expect(table.data.map((model: ModelRow) => model.id)).toEqual(Array.from({ length: 3_000 }, (_, i) => i + 1));
});

it('answers 500 when the read fails before its first row', async () => {
  // eslint-disable-next-line require-yield -- a read that fails before its first slice
  const url = await serving(async function* () {
    throw new Error('the database went away');
  });
  expect((await fetch(url, { method: 'POST' })).status).toBe(500);
});

it('cuts the answer short when the read fails after its first rows', async () => {
  const url = await serving(async function* () {
    yield slice(1);
    throw new Error('the database went away');
  });
  const answer = await fetch(url, { method: 'POST' });
  expect(answer.status).toBe(200);
  await expect(answer.text()).rejects.toThrow();
});

it('ends the read when the client goes', async () => {
  let ended!: () => void;
  const readEnded = new Promise<void>((resolve) => (ended = resolve));
  const url = await serving(async function* () {
    try {
      for (let from = 1; ; from += 1_000) yield slice(from);
    } finally {
      ended();
    }
  });
  const client = new AbortController();
  const answer = await fetch(url, { method: 'POST', signal: client.signal });
  await answer.body!.getReader().read();
  client.abort();
  await readEnded;
});
