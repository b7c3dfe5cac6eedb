import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessDate } from '#src/domain/business-time.ts';
import { call, describeEachDatabase } from './harness.ts';
import { invalid, ok } from './expected.ts';
import { act, createQuote, getQuote, quotesWorld, sendQuote, success, UNIT_TOTAL, type QuotesWorld } from './quotes-fixture.ts';

// docs/design.md §8.1: what sending fixes, revisions, expiry by the business day, and a win that
// takes stock out all or nothing.

const NOT_CHANGEABLE = invalid({ status: ['This quote can no longer be changed.'] });

describeEachDatabase('quotes: send, revise, expire, win', (kind) => {
  let world: QuotesWorld;
  beforeAll(async () => {
    world = await quotesWorld(kind);
  });
  afterAll(() => world.server.close());

  async function setExch(exch: string) {
    const { version } = await world.server.db.selectFrom('variables').select('version').executeTakeFirstOrThrow();
    const answer = await call(world.server, 'variables/update-exch', { exch, version }, world.tokens.admin);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }
  /** Makes a sent quote's last valid day yesterday, as if its days had passed. */
  const expire = (id: number) => world.server.db.updateTable('quotes').set({ valid_until: '2020-01-01' }).where('id', '=', id).execute();

  it('fixes the rate and every figure on send, while a draft follows an EXCH change', async () => {
    const sent = await createQuote(world, world.tokens.sales);
    const draft = await createQuote(world, world.tokens.sales);
    const shareUrl = await sendQuote(world, sent, world.tokens.sales);
    expect(shareUrl).toMatch(/^http:\/\/127\.0\.0\.1:3000\/q\/[A-Za-z0-9_-]{43}$/);
    const before = await getQuote(world, sent, world.tokens.manager);
    expect(before).toMatchObject({ status: 'sent', sentAt: expect.any(String), shareUrl, grandTotal: (UNIT_TOTAL - 500) * 2 + UNIT_TOTAL });
    expect(before.rate).toMatchObject({ exch: '280', fare: '0.1', fixed: true });

    await setExch('300');
    await world.server.db.updateTable('models').set({ name: 'Alpha Model Renamed' }).where('id', '=', world.models.a).execute();
    const after = await getQuote(world, sent, world.tokens.manager);
    expect({ ...after, version: before.version, lines: after.lines.map(({ inStock: _, ...line }: any) => line) }).toEqual({
      ...before,
      lines: before.lines.map(({ inStock: _, ...line }: any) => line),
    });
    expect(after.lines[0].modelName).toBe('Alpha Model');
    // 50 USD at 300: PKR 15,000, Cost 19,500, Total 21,450.
    const following = await getQuote(world, draft, world.tokens.sales);
    expect(following.rate).toMatchObject({ exch: '300', fixed: false });
    expect(following.lines.map((line: { unitTotal: number }) => line.unitTotal)).toEqual([21_450, 21_450]);
    expect(following.lines[0].modelName).toBe('Alpha Model Renamed');
    const list = ok('quotes', await call(world.server, 'quotes', {}, world.tokens.sales));
    expect(list.tableData.data.find((row) => row.id === draft)?.grandTotal).toBe((21_450 - 500) * 2 + 21_450);
    expect(list.tableData.data.find((row) => row.id === sent)?.grandTotal).toBe(before.grandTotal);
    await setExch('280');
  });

  it('checks the floor again at send, at the rate being fixed', async () => {
    const id = await createQuote(world, world.tokens.manager, { lines: [{ modelId: world.models.a, qty: 1, discountPerUnit: 1_820 }] });
    await setExch('200');
    expect((await act(world, 'quotes/send', id, world.tokens.manager)).body).toEqual(
      invalid({ 'lines.0.discountPerUnit': ['This discount is more than you may give.'] }),
    );
    expect((await getQuote(world, id, world.tokens.manager)).status).toBe('draft');
    await setExch('280');
    expect((await act(world, 'quotes/send', id, world.tokens.manager)).status).toBe(200);
  });

  it('revises into one draft per number with the next revision; sending it supersedes the sent one', async () => {
    const first = await createQuote(world, world.tokens.sales);
    await sendQuote(world, first, world.tokens.sales);
    const revised = await call(world.server, 'quotes/revise', { id: first }, world.tokens.sales);
    expect(revised.body).toEqual({ ...success('Revision created successfully.'), id: expect.any(Number) });
    expect((await call(world.server, 'quotes/revise', { id: first }, world.tokens.sales)).body).toEqual(
      invalid({ id: ['This quote already has a draft revision.'] }),
    );
    const draft = await getQuote(world, revised.body.id, world.tokens.sales);
    const source = await getQuote(world, first, world.tokens.sales);
    expect(draft).toMatchObject({
      number: source.number,
      revision: 2,
      label: `${source.number}-R2`,
      status: 'draft',
      customerName: source.customerName,
    });
    expect(draft.lines.map((line: any) => [line.modelId, line.qty, line.discountPerUnit])).toEqual(
      source.lines.map((line: any) => [line.modelId, line.qty, line.discountPerUnit]),
    );
    expect(draft.revisions).toEqual([
      { id: first, revision: 1, status: 'sent' },
      { id: revised.body.id, revision: 2, status: 'draft' },
    ]);
    await sendQuote(world, revised.body.id, world.tokens.sales);
    expect((await getQuote(world, first, world.tokens.sales)).status).toBe('superseded');
    expect((await act(world, 'quotes/win', first, world.tokens.sales)).body).toEqual(NOT_CHANGEABLE);
    expect((await act(world, 'quotes/revise', first, world.tokens.sales)).body).toEqual(NOT_CHANGEABLE);
  });

  it("keeps the fixed rate with keepRate (level 2, unexpired), else takes today's, an expired quote's too", async () => {
    const id = await createQuote(world, world.tokens.manager);
    await sendQuote(world, id, world.tokens.manager);
    await setExch('300');
    expect((await call(world.server, 'quotes/revise', { id, keepRate: 1 }, world.tokens.sales)).status).toBe(404);
    const kept = await call(world.server, 'quotes/revise', { id, keepRate: 1 }, world.tokens.manager);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    const keptDraft = await getQuote(world, kept.body.id, world.tokens.manager);
    expect(keptDraft.rate).toMatchObject({ exch: '280' });
    expect(keptDraft.lines[0].unitTotal).toBe(UNIT_TOTAL);
    await act(world, 'quotes/cancel', kept.body.id, world.tokens.manager);
    const fresh = await call(world.server, 'quotes/revise', { id }, world.tokens.manager);
    expect((await getQuote(world, fresh.body.id, world.tokens.manager)).rate).toMatchObject({ exch: '300', fixed: false });
    await act(world, 'quotes/cancel', fresh.body.id, world.tokens.manager);
    await expire(id);
    const expired = await call(world.server, 'quotes/revise', { id, keepRate: 1 }, world.tokens.manager);
    expect((await getQuote(world, expired.body.id, world.tokens.manager)).rate).toMatchObject({ exch: '300', fixed: false });
    await act(world, 'quotes/cancel', expired.body.id, world.tokens.manager);
    const mine = await createQuote(world, world.tokens.sales);
    await sendQuote(world, mine, world.tokens.sales);
    expect((await call(world.server, 'quotes/revise', { id: mine, keepRate: 1 }, world.tokens.sales)).status).toBe(403);
    await setExch('280');
  });

  it('reads a sent quote past its day as expired everywhere; Sales may no longer win it, Managers may', async () => {
    const id = await createQuote(world, world.tokens.sales, { customerName: 'Expiring Customer' });
    await sendQuote(world, id, world.tokens.sales);
    await expire(id);
    expect((await getQuote(world, id, world.tokens.sales)).status).toBe('expired');
    const expired = ok(
      'quotes',
      await call(world.server, 'quotes', { filters: { status: 'expired', search: 'expiring' } }, world.tokens.sales),
    );
    expect(expired.tableData.data.map((row) => [row.id, row.status])).toEqual([[id, 'expired']]);
    const sent = ok('quotes', await call(world.server, 'quotes', { filters: { status: 'sent', search: 'expiring' } }, world.tokens.sales));
    expect(sent.tableData.data).toEqual([]);
    expect((await act(world, 'quotes/win', id, world.tokens.sales)).body).toEqual(NOT_CHANGEABLE);
    expect((await act(world, 'quotes/win', id, world.tokens.manager)).status).toBe(200);
  });

  it('takes every line out of stock on a win with stockOut, all or nothing, in the log and the audit', async () => {
    const id = await createQuote(world, world.tokens.sales, {
      lines: [
        { modelId: world.models.b, qty: 3 },
        { modelId: world.models.a, qty: 11 },
      ],
    });
    await sendQuote(world, id, world.tokens.sales);
    const stock = async () =>
      (
        await world.server.db
          .selectFrom('models')
          .select(['id', 'quantity'])
          .where('id', 'in', [world.models.a, world.models.b])
          .orderBy('id')
          .execute()
      ).map((row) => Number(row.quantity));
    const before = await stock();
    const logs = async () => (await world.server.db.selectFrom('stock_logs').select('id').execute()).length;
    const logsBefore = await logs();
    await world.server.db.updateTable('models').set({ quantity: 10 }).where('id', '=', world.models.a).execute();
    expect((await act(world, 'quotes/win', id, world.tokens.manager, { stockOut: 1 })).body).toEqual(
      invalid({ 'lines.1.qty': ['Only 10 in stock.'] }),
    );
    expect(await stock()).toEqual(before);
    expect(await logs()).toBe(logsBefore);
    await world.server.db.updateTable('models').set({ quantity: 2 }).where('id', '=', world.models.b).execute();
    expect((await act(world, 'quotes/win', id, world.tokens.manager, { stockOut: 1 })).body).toEqual(
      invalid({ 'lines.0.qty': ['Only 2 in stock.'], 'lines.1.qty': ['Only 10 in stock.'] }),
    );
    expect(await logs()).toBe(logsBefore);
    // `before` is in id order: Alpha's stock, then Beta's.
    await world.server.db.updateTable('models').set({ quantity: before[1]! }).where('id', '=', world.models.b).execute();
    expect((await getQuote(world, id, world.tokens.manager)).status).toBe('sent');

    await world.server.db.updateTable('models').set({ quantity: 12 }).where('id', '=', world.models.a).execute();
    expect(await act(world, 'quotes/win', id, world.tokens.manager, { stockOut: 1 })).toMatchObject({
      status: 200,
      body: success('Quote marked as won.'),
    });
    const quote = await getQuote(world, id, world.tokens.manager);
    expect(quote.status).toBe('won');
    expect(quote.lines.map((line: { inStock: number }) => line.inStock)).toEqual([7, 1]);
    const moves = await world.server.db
      .selectFrom('stock_logs')
      .select(['model_id', 'quantity', 'note'])
      .where('note', '=', `Quote ${quote.label}`)
      .orderBy('id')
      .execute();
    expect(moves.map((move) => [move.model_id, Number(move.quantity)])).toEqual(
      [
        [world.models.a, 11],
        [world.models.b, 3],
      ].sort((x, y) => x[0]! - y[0]!),
    );
    const entries = await world.server.db
      .selectFrom('audit_log')
      .select(['action', 'changes'])
      .where('action', 'in', ['stock.remove', 'quote.win'])
      .orderBy('id', 'desc')
      .limit(3)
      .execute();
    expect(entries.map((entry) => entry.action).sort()).toEqual(['quote.win', 'stock.remove', 'stock.remove']);
  });
});

describe.each(['Pacific/Kiritimati', 'Pacific/Pago_Pago'])('quotes: the business day in %s', (timeZone) => {
  let world: QuotesWorld;
  beforeAll(async () => {
    world = await quotesWorld('sqlite', {
      business: { publicUrl: 'https://dealer.example', timeZone, quoteValidityDays: 3, shareLinkKey: undefined },
    });
  });
  afterAll(() => world.server.close());

  it('dates validity by that zone: today is accepted, yesterday refused, the default is today + QUOTE_VALIDITY_DAYS', async () => {
    const today = businessDate(new Date(), timeZone);
    const id = await createQuote(world, world.tokens.sales);
    expect((await getQuote(world, id, world.tokens.sales)).validUntil).toBe(addDays(today, 3));
    expect(
      (
        await call(
          world.server,
          'quotes/create',
          { customerName: 'X', lines: [{ modelId: world.models.a, qty: 1 }], validUntil: addDays(today, -1) },
          world.tokens.sales,
        )
      ).body,
    ).toEqual(invalid({ validUntil: ['The validity date may not be in the past.'] }));
    const lastDay = await createQuote(world, world.tokens.sales, { validUntil: today });
    const shareUrl = await sendQuote(world, lastDay, world.tokens.sales);
    expect(shareUrl.startsWith('https://dealer.example/q/')).toBe(true);
    expect((await getQuote(world, lastDay, world.tokens.sales)).status).toBe('sent');
    await world.server.db
      .updateTable('quotes')
      .set({ valid_until: addDays(today, -1) })
      .where('id', '=', lastDay)
      .execute();
    expect((await getQuote(world, lastDay, world.tokens.sales)).status).toBe('expired');
    expect((await getQuote(world, lastDay, world.tokens.sales)).number).toMatch(new RegExp(`^Q-${today.slice(0, 4)}-`));
  });
});
