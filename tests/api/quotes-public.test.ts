import { afterAll, beforeAll, expect, it } from 'vitest';
import { extractText } from 'unpdf';
import { QUOTE_PAGE_CSP } from '#server/documents/quote-page.ts';
import { formatDay } from '#src/domain/business-time.ts';
import { call, describeEachDatabase, startServer } from './harness.ts';
import { act, createQuote, getQuote, quotesWorld, sendQuote, type QuotesWorld } from './quotes-fixture.ts';

// docs/design.md §8.1: quotes/pdf, and the customer's link /q/:token with its PDF, its 404 and
// 410, its headers and its throttle.

const GONE = 'This quote is no longer valid. Ask your dealer for an updated quote.';

async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
  return text;
}

describeEachDatabase('quotes: the PDF and the public link', (kind) => {
  let world: QuotesWorld;
  beforeAll(async () => {
    world = await quotesWorld(kind, {
      business: { publicUrl: 'https://dealer.example', timeZone: 'Asia/Karachi', quoteValidityDays: 7, shareLinkKey: undefined },
    });
    const { version } = await world.server.db.selectFrom('settings').select('version').executeTakeFirstOrThrow();
    const settings = {
      companyName: 'Cool Breeze Traders',
      companyAddress: '12 Mall Road\nLahore',
      companyPhone: '042 111',
      quoteTerms: 'Cash only.',
    };
    expect(
      (await call(world.server, 'settings/update', { ...settings, twoFactorRequiredLevel: 0, version }, world.tokens.admin)).status,
    ).toBe(200);
  });
  afterAll(() => world.server.close());

  /** GETs a public path from one address (X-Forwarded-For is not trusted here, so the socket's). */
  const visit = (path: string) => fetch(`${world.server.url}${path}`);
  const tokenOf = (shareUrl: string) => shareUrl.slice('https://dealer.example'.length);

  function expectPublicHeaders(headers: Headers, what: string) {
    expect(headers.get('x-robots-tag'), what).toBe('noindex');
    expect(headers.get('referrer-policy'), what).toBe('no-referrer');
    expect(headers.get('cache-control'), what).toBe('no-store');
    expect(headers.get('content-security-policy'), what).toBe(QUOTE_PAGE_CSP);
    // No page of the app: no anti-forgery cookie for a customer's phone.
    expect(headers.get('set-cookie'), what).toBeNull();
  }

  it('answers quotes/pdf as a download named by the label, the draft heading on a draft, no cost figure', async () => {
    const id = await createQuote(world, world.tokens.sales);
    const quote = await getQuote(world, id, world.tokens.sales);
    const response = await fetch(`${world.server.url}/api/quotes/pdf`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${world.tokens.sales}` },
      body: JSON.stringify({ id }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${quote.label}.pdf"`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await pdfText(await response.arrayBuffer());
    expect(text).toContain(quote.label);
    expect(text).toContain('Ali Traders');
    expect(text).toContain('Cool Breeze Traders');
    expect(text).toContain('DRAFT: prices are not fixed until the quote is sent.');
    expect(text).toContain(`Valid until ${formatDay(quote.validUntil)}`);
    expect(text).toContain('Rs 59,060');
    expect(text).toMatch(/Prices at 1 USD = Rs 280, rate of \d{1,2} [A-Z][a-z]{2} \d{4}/);
    for (const hidden of ['18,200', '1,400', '2,800', '1,820']) expect(text).not.toContain(hidden);
    expect((await call(world.server, 'quotes/pdf', { id: 987_654 }, world.tokens.sales)).status).toBe(404);
  });

  it('opens a sent quote by its link, signed out, read-only, with its PDF; never the draft heading', async () => {
    const id = await createQuote(world, world.tokens.sales);
    const path = tokenOf(await sendQuote(world, id, world.tokens.sales));
    const quote = await getQuote(world, id, world.tokens.sales);
    const page = await visit(path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expectPublicHeaders(page.headers, path);
    const html = await page.text();
    expect(html).toContain(quote.label);
    expect(html).toContain(`href="${path}/pdf"`);
    expect(html).not.toContain('DRAFT');
    expect(html).not.toContain('expired');
    const pdf = await visit(`${path}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expectPublicHeaders(pdf.headers, `${path}/pdf`);
    expect(await pdfText(await pdf.arrayBuffer())).toContain(quote.label);
  });

  it('says an expired quote expired, and answers 410 once it is superseded or cancelled, 404 for an unknown link', async () => {
    const id = await createQuote(world, world.tokens.sales);
    const path = tokenOf(await sendQuote(world, id, world.tokens.sales));
    await world.server.db.updateTable('quotes').set({ valid_until: '2026-11-20' }).where('id', '=', id).execute();
    expect(await (await visit(path)).text()).toContain('This quote expired on 20 Nov 2026.');

    const revised = await call(world.server, 'quotes/revise', { id }, world.tokens.sales);
    const nextPath = tokenOf(await sendQuote(world, revised.body.id, world.tokens.sales));
    for (const gone of [path, `${path}/pdf`]) {
      const answer = await visit(gone);
      expect(answer.status, gone).toBe(410);
      expectPublicHeaders(answer.headers, gone);
      expect(await answer.text()).toContain(GONE);
    }
    expect((await visit(nextPath)).status).toBe(200);
    await act(world, 'quotes/cancel', revised.body.id, world.tokens.sales);
    expect((await visit(nextPath)).status).toBe(410);

    for (const unknown of [`/q/${'A'.repeat(43)}`, '/q/short', `/q/${'A'.repeat(43)}/pdf`, '/q/a/b/c']) {
      const answer = await visit(unknown);
      expect(answer.status, unknown).toBe(404);
      expect(answer.headers.get('content-type'), unknown).toMatch(/^text\/html/);
      expectPublicHeaders(answer.headers, unknown);
    }
  });

  it('keeps the token out of the database: only its hash and its sealed form are stored', async () => {
    const id = await createQuote(world, world.tokens.sales);
    const token = tokenOf(await sendQuote(world, id, world.tokens.sales)).slice('/q/'.length);
    const rows = JSON.stringify(await world.server.db.selectFrom('quotes').selectAll().execute());
    expect(rows).not.toContain(token);
    expect((await getQuote(world, id, world.tokens.manager)).shareUrl).toBe(`https://dealer.example/q/${token}`);
  });

  it('answers more than 60 requests a minute from one address with 429 and Retry-After', async () => {
    // A server of its own, so that no other test's requests share its count.
    const fresh = await startServer(kind);
    const answers = [];
    for (let i = 0; i < 61; i++) answers.push(await fetch(`${fresh.url}/q/unknown`));
    await fresh.close();
    expect(answers.slice(0, -1).some((answer) => answer.status === 429)).toBe(false);
    const refused = answers.at(-1)!;
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expectPublicHeaders(refused.headers, '429');
  });
});
