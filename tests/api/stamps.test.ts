import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { PUBLIC_PAGE_CSP } from '#server/documents/html-page.ts';
import { stampMessages, stampRefShape } from '#src/contract/stamps.ts';
import { allAtOnce } from '#src/domain/in-slices.ts';
import { decodeStampedModels, stampInstant } from '#src/domain/price-stamps.ts';
import { call, describeEachDatabase, startServer } from './harness.ts';
import { quotesWorld, VARIABLES, type QuotesWorld } from './quotes-fixture.ts';
import { editModel, setVariables } from './stamps-fixture.ts';

// docs/design.md §8.2: stamps/create, and the printed sheet's link /v/:ref: current, changed by
// each cause and by nothing else, unknown; its headers and the public pages' shared throttle.

const PUBLIC_URL = 'https://dealer.example';
const TIME_ZONE = 'Asia/Karachi';

describeEachDatabase('stamps and /v/:ref', (kind) => {
  let world: QuotesWorld;
  let alphaBrand: number;
  beforeAll(async () => {
    world = await quotesWorld(kind, {
      business: { publicUrl: PUBLIC_URL, timeZone: TIME_ZONE, quoteValidityDays: 7, shareLinkKey: undefined },
    });
    alphaBrand = (await world.server.db.selectFrom('brands').select('id').where('name', '=', 'Alpha Brand').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => world.server.close());
  // Every test starts from the quotes' world: its variables, both models at 50 USD and active.
  beforeEach(async () => {
    await setVariables(world, VARIABLES);
    const { db } = world.server;
    await db.updateTable('models').set({ price_cents: 5000 }).execute();
    await db.updateTable('models').set({ is_active: 1 }).where('id', 'in', [world.models.a, world.models.b]).execute();
    await db.updateTable('brands').set({ is_active: 1 }).execute();
  });

  async function stamp(token = world.tokens.admin, filters: Record<string, unknown> = {}, sort?: string) {
    const answer = await call(world.server, 'stamps/create', { filters, ...(sort ? { sort } : {}) }, token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.stamp as { ref: string; line: string; url: string };
  }
  const visit = (path: string) => fetch(`${world.server.url}${path}`);
  async function sentence(ref: string) {
    const page = await visit(`/v/${ref}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const [, heading] = /<h1>(.*)<\/h1>/.exec(html)!;
    return heading;
  }
  const storedStamp = (ref: string) => world.server.db.selectFrom('stamps').selectAll().where('ref', '=', ref).executeTakeFirstOrThrow();
  const changedSince = async (ref: string) => stampMessages.changed(stampInstant((await storedStamp(ref)).created_at, TIME_ZONE));

  function expectPublicHeaders(headers: Headers, what: string) {
    expect(headers.get('x-robots-tag'), what).toBe('noindex');
    expect(headers.get('referrer-policy'), what).toBe('no-referrer');
    expect(headers.get('cache-control'), what).toBe('no-store');
    expect(headers.get('content-security-policy'), what).toBe(PUBLIC_PAGE_CSP);
    expect(headers.get('set-cookie'), what).toBeNull();
  }

  it('answers a ref of Crockford base32, the line and the link, and records the stamp with its audit entry in one row', async () => {
    const { ref, line, url } = await stamp(world.tokens.sales);
    expect(ref).toMatch(stampRefShape);
    const row = await storedStamp(ref);
    expect(line).toBe(`Prices as of ${stampInstant(row.created_at, TIME_ZONE)} · 1 USD = Rs 280.00 · Ref ${ref}`);
    expect(line).toMatch(/^Prices as of \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} · /);
    expect(url).toBe(`${PUBLIC_URL}/v/${ref}`);
    expect(row).toMatchObject({ user_id: world.ids.sales, ...VARIABLES, model_count: 2 });
    const entry = await world.server.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'stamp.create')
      .where('entity_name', '=', ref)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ user_id: world.ids.sales, entity_type: 'stamp', entity_id: row.id });
    expect(JSON.parse(entry.changes)).toEqual({ stampRef: [null, ref], stampModels: [null, 2] });
    expect((await stamp()).ref).not.toBe(ref);
  });

  it("records exactly the models the caller's export lists: Sales only what can be sold, a filter; a set, whatever the sort", async () => {
    // A stamp is compared by value, model by model: it keeps no order.
    const models = async (ref: string) =>
      allAtOnce(decodeStampedModels((await storedStamp(ref)).models)).sort((one, other) => one.id - other.id);
    const { a, b, inactive } = world.models;
    // At 280, 0.1, 0.2, 0.1 a 50 USD model's Total is Rs 20,020.
    expect(await models((await stamp(world.tokens.sales)).ref)).toEqual([
      { id: a, priceCents: 5000, total: 20_020, sellable: true },
      { id: b, priceCents: 5000, total: 20_020, sellable: true },
    ]);
    expect((await models((await stamp(world.tokens.admin)).ref)).map((model) => [model.id, model.sellable])).toEqual([
      [a, true],
      [b, true],
      [inactive, false],
    ]);
    expect((await models((await stamp(world.tokens.sales, { brandId: alphaBrand })).ref)).map((model) => model.id)).toEqual([a]);
    expect((await models((await stamp(world.tokens.admin, {}, 'name.desc')).ref)).map((model) => model.id)).toEqual([a, b, inactive]);
    // What the export refuses, the stamp refuses: Sales may not filter by status.
    expect((await call(world.server, 'stamps/create', { filters: { status: 1 } }, world.tokens.sales)).status).toBe(403);
  });

  it('says current while nothing on the sheet changed, and only the one sentence', async () => {
    const { ref } = await stamp(world.tokens.sales);
    const page = await visit(`/v/${ref}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expectPublicHeaders(page.headers, ref);
    const html = await page.text();
    expect(await sentence(ref)).toBe(stampMessages.current);
    for (const hidden of ['Alpha', 'Beta', '20,020', '20020', '50', 'Rs']) expect(html).not.toContain(hidden);
    // A ref read off paper and typed in lower case is the same ref.
    expect(await sentence(ref.toLowerCase())).toBe(stampMessages.current);
  });

  const causes: [string, (world: QuotesWorld) => Promise<void>][] = [
    ['EXCH', (w) => setVariables(w, { exch: '281.15' })],
    ['FARE', (w) => setVariables(w, { fare: '0.11' })],
    ['DUTIES', (w) => setVariables(w, { duties: '0.25' })],
    ['PROFIT', (w) => setVariables(w, { profit: '0.12' })],
    ["a stamped model's price", (w) => editModel(w, w.models.a, { priceUsd: 51 })],
    ['the deactivation of a stamped model', (w) => editModel(w, w.models.a, { isActive: 0 })],
  ];
  for (const [cause, change] of causes) {
    it(`says changed since the stamp's time after a change of ${cause}`, async () => {
      const { ref } = await stamp(world.tokens.sales);
      await change(world);
      expect(await sentence(ref)).toBe(await changedSince(ref));
    });
  }

  it("says changed on a Sales stamp once a stamped model's brand is deactivated", async () => {
    const { ref } = await stamp(world.tokens.sales, { brandId: alphaBrand });
    await world.server.db.updateTable('brands').set({ is_active: 0 }).where('id', '=', alphaBrand).execute();
    expect(await sentence(ref)).toBe(await changedSince(ref));
  });

  it('stays current after a change to a model not on the sheet, to TR, and a price changed and changed back', async () => {
    const { ref } = await stamp(world.tokens.sales, { brandId: alphaBrand });
    await editModel(world, world.models.b, { priceUsd: 70 });
    expect(await sentence(ref)).toBe(stampMessages.current);
    await setVariables(world, { tr: '3.6' });
    expect(await sentence(ref)).toBe(stampMessages.current);
    await editModel(world, world.models.a, { priceUsd: 55 });
    await editModel(world, world.models.a, { priceUsd: 50 });
    expect(await sentence(ref)).toBe(stampMessages.current);
  });

  it('answers 404 with its one sentence for an unknown or malformed ref and any other path under /v/', async () => {
    for (const path of ['/v/ZZZZZZZZ', '/v/short', '/v/ILOU1234', `/v/${'A'.repeat(9)}`, '/v/%3Cscript%3E', '/v/A/b', '/v/']) {
      const answer = await visit(path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get('content-type'), path).toMatch(/^text\/html/);
      expectPublicHeaders(answer.headers, path);
      expect(await answer.text(), path).toContain(`<h1>${stampMessages.notKnown}</h1>`);
    }
  });

  it('counts /q/ and /v/ together per address: the 61st request of a minute is 429 with Retry-After', async () => {
    // A server of its own, so that no other test's requests share its count.
    const fresh = await startServer(kind);
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await fetch(`${fresh.url}/q/unknown`));
    for (let i = 0; i < 31; i++) answers.push(await fetch(`${fresh.url}/v/ZZZZZZZZ`));
    const quoteAfter = await fetch(`${fresh.url}/q/unknown`);
    await fresh.close();
    expect(answers.slice(0, -1).map((answer) => answer.status)).toEqual(Array(60).fill(404));
    for (const [what, refused] of [
      ['/v/', answers.at(-1)!],
      ['/q/', quoteAfter],
    ] as const) {
      expect(refused.status, what).toBe(429);
      expect(Number(refused.headers.get('retry-after')), what).toBeGreaterThan(0);
      expectPublicHeaders(refused.headers, what);
    }
  });

  it('refuses the signed-out session (203, as every call does) and answers 422 under the field for a bad filter', async () => {
    expect((await call(world.server, 'stamps/create', { filters: {} })).status).toBe(203);
    const bad = await call(world.server, 'stamps/create', { filters: { size: 'enormous' } }, world.tokens.sales);
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? bad.body)).toContain('filters.size');
  });
});
