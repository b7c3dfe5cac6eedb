import { describe, expect, it } from 'vitest';
import { addDays, businessDate, DEFAULT_BUSINESS_TIME_ZONE } from '#src/domain/business-time.ts';
import { getStore } from '#mocks/store.ts';
import { ok, postToMocks, signInEachRole, startMockApi } from './harness.ts';

// The mocks keep docs/design.md §8.1 as the server does.
startMockApi();

const today = () => businessDate(new Date(), DEFAULT_BUSINESS_TIME_ZONE);
const forbidden = { responseMessage: "You didn't have permission to perform this action.", responseFlag: 'danger' };
const notFound = { responseMessage: 'Not found.', responseFlag: 'danger' };
const draft = { customerName: 'Ali Traders', customerPhone: '0300-1234567', lines: [{ modelId: 1, qty: 2, discountPerUnit: 500 }] };

async function create(token: string, body: object = draft) {
  return ok('quotes/create', await postToMocks('quotes/create', body, token)).id;
}
const get = async (id: number, token: string) => ok('quotes/get', await postToMocks('quotes/get', { id }, token)).quote;

describe('quotes/create and quotes/get', () => {
  it('creates a numbered draft priced at today, phone normalised, valid for the default days', async () => {
    const { sales, manager } = await signInEachRole();
    const created = await postToMocks('quotes/create', draft, sales);
    expect(ok('quotes/create', created)).toMatchObject({ responseMessage: 'Quote created successfully.', responseFlag: 'success' });
    const quote = await get(created.body.id, sales);
    expect(quote).toMatchObject({
      status: 'draft',
      revision: 1,
      customerPhone: '+923001234567',
      validUntil: addDays(today(), 7),
      shareUrl: null,
    });
    expect(quote.label).toMatch(/^Q-\d{4}-\d{4}-R1$/);
    // Sales see the TR and the rate alone, and no stock.
    expect(Object.keys(quote.rate).sort()).toEqual(['exch', 'fixed', 'setAt', 'tr']);
    expect(quote.rate).toMatchObject({ exch: '281.15', fixed: false, setAt: '2026-01-19T08:45:00.000Z' });
    expect(quote.lines[0]).not.toHaveProperty('inStock');
    expect(quote.lines[0]!.lineTotal).toBe((quote.lines[0]!.unitTotal - 500) * 2);
    expect(quote.grandTotal).toBe(quote.lines[0]!.lineTotal);
    const managed = await get(created.body.id, manager);
    expect(managed.rate).toHaveProperty('profit', '0.15');
    expect(managed.lines[0]!.inStock).toBe(getStore().models.find((model) => model.id === 1)!.quantity);
  });

  it('answers every line rule under lines.N and the date and floor rules', async () => {
    const { sales, admin } = await signInEachRole();
    const refused = await postToMocks(
      'quotes/create',
      {
        customerName: ' ',
        customerPhone: '12',
        validUntil: addDays(today(), -1),
        lines: [
          { modelId: 999, qty: 1 },
          { modelId: 5, qty: 0 },
        ],
      },
      sales,
    );
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toMatchObject({
      customerName: ['Please enter customer name.'],
      customerPhone: ['Please enter a valid phone number.'],
      'lines.1.qty': ['The quantity must be a whole number from 1 to 10000.'],
    });
    const past = await postToMocks('quotes/create', { ...draft, validUntil: addDays(today(), -1) }, sales);
    expect(past.body.errors).toEqual({ validUntil: ['The validity date may not be in the past.'] });
    const lines = [
      { modelId: 999, qty: 1 },
      { modelId: 5, qty: 1 },
      { modelId: 1, qty: 1, discountPerUnit: 1_000_000 },
      { modelId: 2, qty: 1, discountPerUnit: 50_000 },
    ];
    const models = await postToMocks('quotes/create', { ...draft, lines }, sales);
    expect(models.body.errors).toEqual({
      'lines.0.modelId': ['The selected model is invalid.'],
      'lines.1.modelId': ['This model is inactive.'],
      'lines.2.discountPerUnit': ['The discount must be a whole number of rupees, from 0 to the price.'],
      'lines.3.discountPerUnit': ['This discount is more than you may give.'],
    });
    const twice = await postToMocks('quotes/create', { ...draft, lines: [draft.lines[0], draft.lines[0]] }, sales);
    expect(twice.body.errors).toEqual({ 'lines.1.modelId': ['This model is already in the quote.'] });
    expect((await postToMocks('quotes/create', { ...draft, lines: [] }, sales)).body.errors).toEqual({
      lines: ['Please add at least one model.'],
    });
    // Admins may go under Cost; the entry says so.
    await create(admin, { ...draft, lines: [{ modelId: 2, qty: 1, discountPerUnit: 50_000 }] });
    expect(getStore().auditLog.at(-1)).toMatchObject({ action: 'quote.create', entityType: 'quote', changes: { belowCost: [null, 1] } });
  });

  it("hides Sales' other quotes as unknown ones, in the list and by id", async () => {
    const { sales, manager } = await signInEachRole();
    const mine = ok('quotes', await postToMocks('quotes', {}, sales)).tableData.data;
    expect(new Set(mine.map((row) => row.createdByName))).toEqual(new Set(['Sales User']));
    const all = ok('quotes', await postToMocks('quotes', {}, manager)).tableData.data;
    expect(all.length).toBeGreaterThan(mine.length);
    const others = all.find((row) => row.createdByName !== 'Sales User')!;
    expect(await postToMocks('quotes/get', { id: others.id }, sales)).toMatchObject({ status: 404, body: notFound });
    expect((await postToMocks('quotes/cancel', { id: others.id }, sales)).status).toBe(404);
  });

  it('lists newest first, filtered by status (expired derived) and by label or customer', async () => {
    const { manager } = await signInEachRole();
    const list = async (filters: object) => ok('quotes', await postToMocks('quotes', { filters }, manager)).tableData.data;
    const all = await list({});
    expect(all.map((row) => row.createdAt)).toEqual([...all.map((row) => row.createdAt)].sort().reverse());
    for (const status of ['draft', 'sent', 'expired', 'won', 'lost', 'cancelled', 'superseded'] as const) {
      const rows = await list({ status });
      expect(rows.length, status).toBeGreaterThan(0);
      expect(rows.every((row) => row.status === status)).toBe(true);
    }
    expect((await list({ status: 'expired' })).every((row) => row.validUntil < today())).toBe(true);
    const one = all[0]!;
    expect((await list({ search: one.label })).map((row) => row.id)).toEqual([one.id]);
    expect((await list({ search: 'mehran' })).every((row) => row.customerName === 'Hotel Mehran')).toBe(true);
    expect((await postToMocks('quotes', { filters: { status: 'open' } }, manager)).body.errors).toEqual({
      'filters.status': ['The selected status is invalid.'],
    });
  });
});

describe('transitions', () => {
  it('send fixes the rate and figures; a later EXCH moves drafts only; a sent revision supersedes the last', async () => {
    const { sales, manager } = await signInEachRole();
    const id = await create(sales);
    const before = await get(id, sales);
    const sent = await postToMocks('quotes/send', { id, version: before.version }, sales);
    expect(ok('quotes/send', sent)).toMatchObject({ responseMessage: 'Quote sent successfully.' });
    expect(sent.body.shareUrl).toMatch(/\/q\/[0-9a-f]{32}$/);
    expect((await postToMocks('quotes/send', { id, version: before.version }, sales)).body.errors).toEqual({
      version: [expect.any(String)],
    });
    const variables = ok('variables', await postToMocks('variables', undefined, manager)).variables;
    await postToMocks('variables/update-exch', { exch: '300', version: variables.version }, manager);
    const fixed = await get(id, sales);
    expect(fixed).toMatchObject({ status: 'sent', grandTotal: before.grandTotal, rate: { exch: '281.15', fixed: true } });
    expect((await postToMocks('quotes/update', { ...draft, id, version: fixed.version }, sales)).body.errors).toEqual({
      status: ['This quote can no longer be changed.'],
    });

    const revised = await postToMocks('quotes/revise', { id }, sales);
    expect(ok('quotes/revise', revised).responseMessage).toBe('Revision created successfully.');
    const revision = await get(revised.body.id, sales);
    expect(revision).toMatchObject({ label: fixed.label.replace('-R1', '-R2'), status: 'draft', rate: { exch: '300', fixed: false } });
    expect(revision.grandTotal).toBeGreaterThan(fixed.grandTotal);
    expect(revision.revisions.map((row) => row.revision)).toEqual([1, 2]);
    expect((await postToMocks('quotes/revise', { id }, sales)).body.errors).toEqual({ id: ['This quote already has a draft revision.'] });
    expect(await postToMocks('quotes/revise', { id, keepRate: 1 }, sales)).toMatchObject({ status: 403, body: forbidden });
    await postToMocks('quotes/send', { id: revision.id, version: revision.version }, sales);
    expect((await get(id, sales)).status).toBe('superseded');
  });

  it('keeps the fixed rate on a revision for Managers', async () => {
    const { manager } = await signInEachRole();
    const id = await create(manager);
    await postToMocks('quotes/send', { id, version: 1 }, manager);
    const variables = ok('variables', await postToMocks('variables', undefined, manager)).variables;
    await postToMocks('variables/update-exch', { exch: '300', version: variables.version }, manager);
    const revised = ok('quotes/revise', await postToMocks('quotes/revise', { id, keepRate: '1' }, manager));
    expect((await get(revised.id, manager)).rate).toMatchObject({ exch: '281.15', fixed: false });
  });

  it('wins with stock out all or nothing, logged and audited; Sales may not move stock', async () => {
    const { sales, manager } = await signInEachRole();
    const lines = [
      { modelId: 1, qty: 2 },
      { modelId: 2, qty: 200 },
    ];
    const id = await create(sales, { ...draft, lines });
    await postToMocks('quotes/send', { id, version: 1 }, sales);
    expect(await postToMocks('quotes/win', { id, version: 2, stockOut: 1 }, sales)).toMatchObject({ status: 403, body: forbidden });
    const stock = () =>
      getStore()
        .models.filter((model) => model.id <= 2)
        .map((model) => model.quantity);
    const [first, second] = stock();
    const short = await postToMocks('quotes/win', { id, version: 2, stockOut: 1 }, manager);
    expect(short.body.errors).toEqual({ 'lines.1.qty': [`Only ${second} in stock.`] });
    expect(stock()).toEqual([first, second]);
    const quote = await get(id, manager);
    getStore().models.find((model) => model.id === 2)!.quantity = 500;
    expect(ok('quotes/win', await postToMocks('quotes/win', { id, version: 2, stockOut: 1 }, manager)).responseMessage).toBe(
      'Quote marked as won.',
    );
    expect(stock()).toEqual([first! - 2, 300]);
    const moves = getStore().stockLogs.slice(-2);
    expect(moves.map((move) => move.note)).toEqual([`Quote ${quote.label}`, `Quote ${quote.label}`]);
    // The moves first, then the quote's own entry, as the server writes them (tests/mocks/parity.test.ts).
    expect(
      getStore()
        .auditLog.slice(-3)
        .map((entry) => entry.action),
    ).toEqual(['stock.remove', 'stock.remove', 'quote.win']);
    expect((await get(id, manager)).status).toBe('won');
  });

  it('wins an expired quote for Managers only; loses with a reason; cancels', async () => {
    const { sales, manager } = await signInEachRole();
    const expired = ok('quotes', await postToMocks('quotes', { filters: { status: 'expired' } }, sales)).tableData.data[0]!;
    const version = (await get(expired.id, sales)).version;
    expect((await postToMocks('quotes/win', { id: expired.id, version }, sales)).body.errors).toEqual({
      status: ['This quote can no longer be changed.'],
    });
    expect(ok('quotes/win', await postToMocks('quotes/win', { id: expired.id, version }, manager)).responseMessage).toBe(
      'Quote marked as won.',
    );

    const id = await create(sales);
    await postToMocks('quotes/send', { id, version: 1 }, sales);
    expect((await postToMocks('quotes/lose', { id, version: 2, reason: 'Cheaper' }, sales)).body.errors).toEqual({
      reason: ['The selected reason is invalid.'],
    });
    const lost = await postToMocks('quotes/lose', { id, version: 2, reason: 'Price', reasonNote: 'Too high\r\nby 5%' }, sales);
    expect(ok('quotes/lose', lost).responseMessage).toBe('Quote marked as lost.');
    expect(await get(id, sales)).toMatchObject({ status: 'lost', lostReason: 'Price', lostNote: 'Too high\nby 5%' });
    expect((await postToMocks('quotes/cancel', { id, version: 3 }, sales)).body.errors).toEqual({
      status: ['This quote can no longer be changed.'],
    });

    const other = await create(sales);
    expect(ok('quotes/cancel', await postToMocks('quotes/cancel', { id: other, version: 1 }, sales)).responseMessage).toBe(
      'Quote cancelled.',
    );
  });
});

describe('quotes/pdf', () => {
  it('answers a PDF named by the label', async () => {
    const { sales } = await signInEachRole();
    const id = await create(sales);
    const { label } = await get(id, sales);
    const response = await fetch(
      new Request('http://localhost/api/quotes/pdf', {
        method: 'POST',
        headers: { authorization: `Bearer ${sales}`, 'content-type': 'application/json' },
        body: JSON.stringify({ id }),
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${label}.pdf"`);
    const text = await response.text();
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text).toContain(`(${label}) '`);
    expect(text).toContain('(Customer: Ali Traders)');
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  });
});
