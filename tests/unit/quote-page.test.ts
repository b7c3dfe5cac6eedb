// @vitest-environment jsdom
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { QUOTE_PAGE_CSP, renderGonePage, renderNotFoundPage, renderQuotePage } from '#server/documents/quote-page.ts';
import { sampleQuote } from '#tests/support/sample-quote.ts';

// The public quote page as a browser parses it (jsdom): what it shows, that no stored text becomes
// markup, and that the CSP admits its one style and nothing else.

const PDF_HREF = '/q/3fQ9xLr7TzW2mK8vN4bH6cJ1sD5gA0eY/pdf';
const HOSTILE = `<script>alert(1)</script>`;

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
const textOf = (html: string) => parse(html).body.textContent!.replace(/\s+/g, ' ');

describe('renderQuotePage', () => {
  const html = renderQuotePage(sampleQuote(3), PDF_HREF);
  const document = parse(html);
  const text = textOf(html);

  it('is an English document for phones, titled with the label', () => {
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(document.documentElement.lang).toBe('en');
    expect(document.querySelector('meta[name="viewport"]')?.getAttribute('content')).toBe('width=device-width, initial-scale=1');
    expect(document.title).toContain('Q-2026-0042-R2');
    expect(document.querySelector('h1')?.textContent).toBe('Quotation Q-2026-0042-R2');
  });

  it('shows what the PDF shows', () => {
    for (const expected of [
      'Cool Air Traders',
      'Lahore 54000',
      'Phone: +92 42 3555 0101',
      'Date: 26 Nov 2026',
      'Valid until 30 Nov 2026',
      'Customer: Ahmed Raza',
      'Phone: +923001234567',
      'Delivery to the site office.',
      'Холодильник Север',
      'Série Élégance',
      'Rs 1,23,456',
      'Rs 3,67,368',
      'Grand total: Rs 7,34,736',
      'Rupees seven lakh thirty-four thousand seven hundred thirty-six only',
      'Prices at 1 USD = Rs 281.15, rate of 20 Nov 2026',
      'Installation is charged separately.',
    ])
      expect(text).toContain(expected);
    expect(text).not.toMatch(/\b(cost|fare|duties|profit)\b/i);
  });

  it('has a row per line under the headings, each cell labelled for the stacked phone layout', () => {
    const headings = [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headings).toEqual(['Brand', 'Series', 'Model', 'kW', 'Qty', 'Unit price', 'Discount', 'Line total']);
    const rows = document.querySelectorAll('tbody tr');
    expect(rows).toHaveLength(3);
    const cells = [...rows[2]!.querySelectorAll('td')];
    expect(cells.map((td) => td.getAttribute('data-label'))).toEqual(headings);
    expect(cells.map((td) => td.textContent)).toEqual([
      'Gree',
      'Série Élégance',
      'GS-2PITH',
      '5.3',
      '3',
      'Rs 1,23,456',
      'Rs 1,000',
      'Rs 3,67,368',
    ]);
  });

  it("links 'Download PDF' to the PDF", () => {
    const link = [...document.querySelectorAll('a')].find((a) => a.textContent === 'Download PDF');
    expect(link?.getAttribute('href')).toBe(PDF_HREF);
  });

  it('says nothing of expiry or drafts for a current sent quote', () => {
    expect(text).not.toContain('expired');
    expect(text).not.toContain('DRAFT');
  });

  it('says when the quote expired, above the quote', () => {
    const expired = parse(renderQuotePage(sampleQuote(1, { expiredOn: '30 Nov 2026' }), PDF_HREF));
    const notice = expired.querySelector('main')!.firstElementChild!;
    expect(notice.textContent).toBe('This quote expired on 30 Nov 2026.');
  });
});

describe('renderQuotePage, hostile text', () => {
  const view = sampleQuote(1, {
    company: { name: HOSTILE, address: `<b>12</b> & "Mall" Road`, phone: `'><img src=x onerror=alert(1)>` },
    label: `Q-1<script>`,
    customer: { name: HOSTILE, phone: '' },
    note: `</p><iframe src="//evil.example">`,
    terms: `<style>body{display:none}</style>`,
    rateLine: '<svg onload=alert(1)>',
  });
  view.lines[0]!.modelName = HOSTILE;
  view.lines[0]!.brandName = `"><script>alert(2)</script>`;
  const html = renderQuotePage(view, `/q/x"><script>alert(3)</script>`);
  const document = parse(html);

  it('escapes every text: no script, no element of theirs, the text shown as typed', () => {
    expect(html).not.toMatch(/<script/i);
    expect(document.querySelectorAll('script, img, iframe, svg, b')).toHaveLength(0);
    expect(document.querySelectorAll('style')).toHaveLength(1);
    const text = textOf(html);
    expect(text).toContain(`Customer: ${HOSTILE}`);
    expect(text).toContain(`<b>12</b> & "Mall" Road`);
    expect(text).toContain(`</p><iframe src="//evil.example">`);
    expect(document.querySelector('tbody td')?.textContent).toBe(`"><script>alert(2)</script>`);
    expect(document.title).toContain('Q-1<script>');
  });

  it('keeps the link inside its attribute', () => {
    const links = document.querySelectorAll('a');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe(`/q/x"><script>alert(3)</script>`);
  });
});

describe('the 410 and 404 pages', () => {
  it('say the quote is no longer valid, or not found, in the same shell', () => {
    expect(textOf(renderGonePage())).toContain('This quote is no longer valid. Ask your dealer for an updated quote.');
    expect(textOf(renderNotFoundPage())).toContain('Quote not found.');
    for (const html of [renderGonePage(), renderNotFoundPage()]) {
      expect(parse(html).documentElement.lang).toBe('en');
      expect(html).not.toMatch(/<script/i);
    }
  });
});

describe('QUOTE_PAGE_CSP', () => {
  const directives = new Map(
    QUOTE_PAGE_CSP.split(';').map((directive) => {
      const [name, ...values] = directive.trim().split(/\s+/);
      return [name!, values];
    }),
  );

  it('allows no script, frame, form, base or source other than the style', () => {
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    expect(directives.get('form-action')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.has('script-src')).toBe(false);
    expect(QUOTE_PAGE_CSP).not.toContain('unsafe');
  });

  it("admits exactly each page's one style by its hash", () => {
    for (const html of [renderQuotePage(sampleQuote(2), PDF_HREF), renderGonePage(), renderNotFoundPage()]) {
      const styles = [...parse(html).querySelectorAll('style')];
      expect(styles).toHaveLength(1);
      const hash = createHash('sha256').update(styles[0]!.textContent!).digest('base64');
      expect(directives.get('style-src')).toEqual([`'sha256-${hash}'`]);
      expect(parse(html).querySelectorAll('[style]')).toHaveLength(0);
    }
  });
});
