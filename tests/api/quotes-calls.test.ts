import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, describeEachDatabase } from './harness.ts';
import { invalid, ok } from './expected.ts';
import {
  act,
  createQuote,
  getQuote,
  quoteBody,
  quotesWorld,
  sendQuote,
  success,
  UNIT_COST,
  UNIT_TOTAL,
  type QuotesWorld,
} from './quotes-fixture.ts';

// docs/design.md §8.1: each call of quotes, its messages and its checks beyond the schema.

describeEachDatabase('quotes: calls and messages', (kind) => {
  let world: QuotesWorld;
  beforeAll(async () => {
    world = await quotesWorld(kind);
  });
  afterAll(() => world.server.close());

  const create = (body: unknown, token = world.tokens.sales) => call(world.server, 'quotes/create', body, token);

  it('creates a draft numbered in the business year, priced by the list rules, with its audit entry', async () => {
    const answer = await create(quoteBody(world, { note: 'Two rooms\nand a shop' }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ ...success('Quote created successfully.'), id: expect.any(Number) });
    const quote = await getQuote(world, answer.body.id, world.tokens.sales);
    const year = new Date().getUTCFullYear();
    expect(quote.number).toMatch(new RegExp(`^Q-(${year}|${year + 1}|${year - 1})-\\d{4}$`));
    expect(quote).toMatchObject({
      label: `${quote.number}-R1`,
      revision: 1,
      status: 'draft',
      customerName: 'Ali Traders',
      customerPhone: '+923001234567',
      note: 'Two rooms\nand a shop',
      sentAt: null,
      decidedAt: null,
      lostReason: null,
      shareUrl: null,
      version: 1,
      grandTotal: (UNIT_TOTAL - 500) * 2 + UNIT_TOTAL,
      revisions: [{ id: answer.body.id, revision: 1, status: 'draft' }],
    });
    expect(quote.lines).toEqual([
      {
        lineNo: 1,
        modelId: world.models.a,
        brandName: 'Alpha Brand',
        seriesName: 'Alpha Series',
        modelName: 'Alpha Model',
        modelCapacityKW: 3.5,
        qty: 2,
        unitTotal: UNIT_TOTAL,
        discountPerUnit: 500,
        lineTotal: (UNIT_TOTAL - 500) * 2,
      },
      expect.objectContaining({ lineNo: 2, modelId: world.models.b, qty: 1, discountPerUnit: 0, lineTotal: UNIT_TOTAL }),
    ]);
    // Sales see the TR and the rate only, and no stock (§8.9).
    expect(quote.rate).toEqual({ tr: '3.5', exch: '280', fixed: false, setAt: expect.any(String) });
    const entry = await world.server.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'quote.create')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.entity_type).toBe('quote');
    expect(entry.entity_name).toBe(quote.label);
    expect(JSON.parse(entry.changes)).toMatchObject({
      customerName: [null, 'Ali Traders'],
      quoteLines: [null, '2 × Alpha Model less Rs 500; 1 × Beta Model'],
    });
  });

  it('shows Managers and Admins every rate variable and the stock of each line', async () => {
    const id = await createQuote(world, world.tokens.sales);
    for (const token of [world.tokens.manager, world.tokens.admin]) {
      const quote = await getQuote(world, id, token);
      expect(quote.rate).toEqual({
        tr: '3.5',
        exch: '280',
        fare: '0.1',
        duties: '0.2',
        profit: '0.1',
        fixed: false,
        setAt: expect.any(String),
      });
      expect(quote.lines.map((line: { inStock: number }) => line.inStock)).toEqual([10, 10]);
    }
  });

  it('numbers quotes one after another without gaps, a refused create taking no number', async () => {
    const first = await getQuote(world, await createQuote(world, world.tokens.manager), world.tokens.manager);
    expect((await create({ ...quoteBody(world), customerName: '' })).status).toBe(422);
    expect((await create(quoteBody(world, { lines: [{ modelId: world.models.inactive, qty: 1 }] }))).status).toBe(422);
    const next = await Promise.all([1, 2, 3].map(() => createQuote(world, world.tokens.sales)));
    const numbers = await Promise.all(next.map(async (id) => (await getQuote(world, id, world.tokens.sales)).number));
    const sequence = (number: string) => Number(number.slice(-4));
    expect(numbers.map(sequence).sort((x, y) => x - y)).toEqual([1, 2, 3].map((step) => sequence(first.number) + step));
  });

  it('refuses what the schema cannot see, every line under its own field', async () => {
    const lines = [
      { modelId: 999_999, qty: 1 },
      { modelId: world.models.inactive, qty: 1 },
      { modelId: world.models.a, qty: 1, discountPerUnit: UNIT_TOTAL + 1 },
      { modelId: world.models.b, qty: 1, discountPerUnit: UNIT_TOTAL - UNIT_COST + 1 },
    ];
    const answer = await create(quoteBody(world, { lines }));
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual(
      invalid({
        'lines.0.modelId': ['The selected model is invalid.'],
        'lines.1.modelId': ['This model is inactive.'],
        'lines.2.discountPerUnit': ['The discount must be a whole number of rupees, from 0 to the price.'],
        'lines.3.discountPerUnit': ['This discount is more than you may give.'],
      }),
    );
    expect((await create(quoteBody(world, { lines: [] }))).body).toEqual(invalid({ lines: ['Please add at least one model.'] }));
    expect((await create(quoteBody(world, { validUntil: '2020-01-01' }))).body).toEqual(
      invalid({ validUntil: ['The validity date may not be in the past.'] }),
    );
    expect((await create(quoteBody(world, { customerPhone: '12' }))).body).toEqual(
      invalid({ customerPhone: ['Please enter a valid phone number.'] }),
    );
  });

  it('holds the discount floor for Managers and Sales, and lets an Admin go below Cost with belowCost in the entry', async () => {
    const atFloor = [{ modelId: world.models.a, qty: 1, discountPerUnit: UNIT_TOTAL - UNIT_COST }];
    const belowFloor = [{ modelId: world.models.a, qty: 1, discountPerUnit: UNIT_TOTAL - UNIT_COST + 1 }];
    for (const token of [world.tokens.sales, world.tokens.manager]) {
      expect((await create(quoteBody(world, { lines: atFloor }), token)).status).toBe(200);
      expect((await create(quoteBody(world, { lines: belowFloor }), token)).body).toEqual(
        invalid({ 'lines.0.discountPerUnit': ['This discount is more than you may give.'] }),
      );
    }
    const answer = await create(quoteBody(world, { lines: belowFloor }), world.tokens.admin);
    expect(answer.status).toBe(200);
    const entry = await world.server.db
      .selectFrom('audit_log')
      .select('changes')
      .where('entity_id', '=', answer.body.id)
      .where('action', '=', 'quote.create')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.changes).belowCost).toEqual([null, 1]);
  });

  it('updates a draft only, with its version, raising it; a stale version is refused', async () => {
    const id = await createQuote(world, world.tokens.sales);
    const body = { id, version: 1, ...quoteBody(world, { customerName: 'Bilal', lines: [{ modelId: world.models.b, qty: 3 }] }) };
    expect(await call(world.server, 'quotes/update', body, world.tokens.sales)).toMatchObject({
      status: 200,
      body: success('Quote updated successfully.'),
    });
    const quote = await getQuote(world, id, world.tokens.sales);
    expect(quote).toMatchObject({ customerName: 'Bilal', version: 2, grandTotal: UNIT_TOTAL * 3 });
    expect(quote.lines).toHaveLength(1);
    expect((await call(world.server, 'quotes/update', body, world.tokens.sales)).body).toEqual(
      invalid({ version: ['This record has been changed by someone else. Reload to see it.'] }),
    );
    await sendQuote(world, id, world.tokens.sales);
    expect((await act(world, 'quotes/update', id, world.tokens.sales, quoteBody(world))).body).toEqual(
      invalid({ status: ['This quote can no longer be changed.'] }),
    );
  });

  it("keeps Sales to their own quotes: another's id answers as an unknown one, and the list leaves it out", async () => {
    const mine = await createQuote(world, world.tokens.sales, { customerName: 'Mine Only' });
    const theirs = await createQuote(world, world.tokens.otherSales, { customerName: 'Theirs Only' });
    const unknown = await call(world.server, 'quotes/get', { id: 987_654 }, world.tokens.sales);
    expect(unknown.status).toBe(404);
    for (const name of ['quotes/get', 'quotes/pdf'])
      expect(await call(world.server, name, { id: theirs }, world.tokens.sales)).toEqual({ ...unknown, headers: expect.anything() });
    for (const name of ['quotes/send', 'quotes/cancel', 'quotes/lose', 'quotes/win', 'quotes/revise', 'quotes/update'])
      expect((await act(world, name, theirs, world.tokens.sales, { ...quoteBody(world), reason: 'Price' })).status, name).toBe(404);
    const list = ok('quotes', await call(world.server, 'quotes', { filters: { search: 'only' }, per_page: 50 }, world.tokens.sales));
    expect(list.tableData.data.map((row) => row.id)).toEqual([mine]);
    const all = ok('quotes', await call(world.server, 'quotes', { filters: { search: 'only' } }, world.tokens.manager));
    expect(all.tableData.data.map((row) => row.id)).toEqual([theirs, mine]);
  });

  it('lists newest first, searched by label or customer name, filtered by status', async () => {
    const id = await createQuote(world, world.tokens.manager, { customerName: 'Zafar Cooling' });
    const quote = await getQuote(world, id, world.tokens.manager);
    const page = ok('quotes', await call(world.server, 'quotes', { filters: { search: quote.label.toLowerCase() } }, world.tokens.manager));
    expect(page.tableData.data).toEqual([
      {
        id,
        label: quote.label,
        number: quote.number,
        revision: 1,
        customerName: 'Zafar Cooling',
        status: 'draft',
        validUntil: quote.validUntil,
        grandTotal: quote.grandTotal,
        createdByName: quote.createdByName,
        createdAt: quote.createdAt,
        sentAt: null,
      },
    ]);
    const byName = ok('quotes', await call(world.server, 'quotes', { filters: { search: 'zafar' } }, world.tokens.manager));
    expect(byName.tableData.data.map((row) => row.id)).toEqual([id]);
    await sendQuote(world, id, world.tokens.manager);
    const sent = ok('quotes', await call(world.server, 'quotes', { filters: { status: 'sent', search: 'zafar' } }, world.tokens.manager));
    expect(sent.tableData.data.map((row) => row.status)).toEqual(['sent']);
    const drafts = ok(
      'quotes',
      await call(world.server, 'quotes', { filters: { status: 'draft', search: 'zafar' } }, world.tokens.manager),
    );
    expect(drafts.tableData.data).toEqual([]);
    const everything = ok('quotes', await call(world.server, 'quotes', {}, world.tokens.manager));
    const ids = everything.tableData.data.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    expect((await call(world.server, 'quotes', { filters: { status: 'open' } }, world.tokens.manager)).body).toEqual(
      invalid({ 'filters.status': ['The selected status is invalid.'] }),
    );
  });

  it('loses a sent quote with its reason and note, and cancels; each status allows only its moves', async () => {
    const draft = await createQuote(world, world.tokens.sales);
    expect((await act(world, 'quotes/lose', draft, world.tokens.sales, { reason: 'Price' })).body).toEqual(
      invalid({ status: ['This quote can no longer be changed.'] }),
    );
    expect((await act(world, 'quotes/win', draft, world.tokens.sales)).body).toEqual(
      invalid({ status: ['This quote can no longer be changed.'] }),
    );
    expect(await act(world, 'quotes/cancel', draft, world.tokens.sales)).toMatchObject({ status: 200, body: success('Quote cancelled.') });
    expect((await getQuote(world, draft, world.tokens.sales)).status).toBe('cancelled');
    expect((await act(world, 'quotes/send', draft, world.tokens.sales)).body).toEqual(
      invalid({ status: ['This quote can no longer be changed.'] }),
    );

    const sent = await createQuote(world, world.tokens.sales);
    await sendQuote(world, sent, world.tokens.sales);
    expect((await act(world, 'quotes/lose', sent, world.tokens.sales, { reason: 'Cheaper' })).body).toEqual(
      invalid({ reason: ['The selected reason is invalid.'] }),
    );
    const lost = await act(world, 'quotes/lose', sent, world.tokens.sales, {
      reason: 'Bought elsewhere',
      reasonNote: 'Went to\nthe bazaar',
    });
    expect(lost).toMatchObject({ status: 200, body: success('Quote marked as lost.') });
    expect(await getQuote(world, sent, world.tokens.sales)).toMatchObject({
      status: 'lost',
      lostReason: 'Bought elsewhere',
      lostNote: 'Went to\nthe bazaar',
      decidedAt: expect.any(String),
    });
    expect((await act(world, 'quotes/cancel', sent, world.tokens.sales)).body).toEqual(
      invalid({ status: ['This quote can no longer be changed.'] }),
    );
    const actions = await world.server.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_type', '=', 'quote')
      .where('entity_id', '=', sent)
      .orderBy('id')
      .execute();
    expect(actions.map((row) => row.action)).toEqual(['quote.create', 'quote.send', 'quote.lose']);
  });

  it('wins a sent quote; Sales may not take stock out (403)', async () => {
    const id = await createQuote(world, world.tokens.sales);
    await sendQuote(world, id, world.tokens.sales);
    expect((await act(world, 'quotes/win', id, world.tokens.sales, { stockOut: 1 })).status).toBe(403);
    expect(await act(world, 'quotes/win', id, world.tokens.sales)).toMatchObject({ status: 200, body: success('Quote marked as won.') });
    expect((await getQuote(world, id, world.tokens.sales)).status).toBe('won');
  });
});
