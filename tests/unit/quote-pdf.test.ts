import { execFileSync } from 'node:child_process';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { extractImages, extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderQuotePdf } from '#server/documents/quote-pdf.ts';
import { sampleQuote } from '#tests/support/sample-quote.ts';

// The customer's PDF read back as a viewer reads it: its text (pdf.js through unpdf) and the QR
// code's pixels decoded, so what is checked is what the customer gets, not what we meant to draw.

const COST_WORDS = /\b(cost|fare|duties|profit)\b/i;

async function pagesOf(pdf: Buffer): Promise<string[]> {
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: false });
  return text;
}

/** The QR codes of a page, decoded: every image pdf.js finds on it, to RGBA, through jsQR. */
async function qrCodesOn(pdf: Buffer, page: number): Promise<string[]> {
  const images = await extractImages(await getDocumentProxy(new Uint8Array(pdf)), page);
  const decoded = await Promise.all(
    images.map(async ({ data, width, height, channels }) => {
      const rgba = await sharp(data, { raw: { width, height, channels } }).toColourspace('srgb').ensureAlpha().raw().toBuffer();
      return jsQR(new Uint8ClampedArray(rgba), width, height)?.data;
    }),
  );
  return decoded.filter((text) => text !== undefined);
}

describe('renderQuotePdf', () => {
  const sent = sampleQuote(60);
  let pdf: Buffer;
  let pages: string[];
  let text: string;

  beforeAll(async () => {
    pdf = await renderQuotePdf(sent);
    pages = await pagesOf(pdf);
    text = pages.join('\n');
  });

  it('is an A4 PDF whose only font is the shipped DejaVu Sans, embedded', () => {
    const raw = pdf.toString('latin1');
    expect(raw.startsWith('%PDF-')).toBe(true);
    expect(raw).toContain('/MediaBox [0 0 595.28 841.89]');
    const fonts = [...raw.matchAll(/\/BaseFont \/(\S+)/g)].map((match) => match[1]);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font).toMatch(/^[A-Z]{6}\+DejaVuSans(-Bold)?$/);
    expect(raw).toContain('/FontFile2');
  });

  it('holds the company, the quote, its validity and the customer as text', () => {
    for (const expected of [
      'Cool Air Traders',
      'Lahore 54000',
      '+92 42 3555 0101',
      'Quotation',
      'Q-2026-0042-R2',
      '26 Nov 2026',
      'Valid until 30 Nov 2026',
      'Ahmed Raza',
      '+923001234567',
      'Delivery to the site office.',
    ])
      expect(text).toContain(expected);
  });

  it('prints Cyrillic and accented names as searchable text', () => {
    expect(text).toContain('Холодильник');
    expect(text).toContain('Élégance');
  });

  it('groups the figures in lakhs and gives the grand total in figures and in words', () => {
    expect(text).toContain('Rs 1,23,456');
    expect(text).toContain('Rs 1,000');
    expect(text).toContain('Rs 73,47,360'); // the 60th line: 60 × 1,22,456
    expect(text).toContain('Rs 22,40,94,480');
    expect(text).toContain('Rupees twenty-two crore forty lakh ninety-four thousand four hundred eighty only');
  });

  it('carries the rate line and the terms', () => {
    expect(text).toContain('Prices at 1 USD = Rs 281.15, rate of 20 Nov 2026');
    expect(text).toContain('Installation is charged separately.');
  });

  it('breaks the table across pages, its header on each, every line printed once', () => {
    expect(pages.length).toBeGreaterThan(1);
    const withRows = pages.filter((page) => /GS-\d+PITH/.test(page));
    expect(withRows.length).toBeGreaterThan(1);
    for (const page of withRows) expect(page).toMatch(/Brand\s+Series\s+Model\s+kW\s+Qty\s+Unit price\s+Discount\s+Line total/);
    for (let at = 0; at < 60; at++) {
      if (at === 3) continue; // the long name, wrapped over lines
      expect(text.match(new RegExp(`GS-${at}PITH\\b`, 'g'))).toHaveLength(1);
    }
    pages.forEach((page, at) => expect(page).toContain(`Page ${at + 1} of ${pages.length}`));
  });

  it('never holds a cost, fare, duties or profit', () => {
    expect(text).not.toMatch(COST_WORDS);
  });

  it('has no draft heading once sent', () => {
    expect(text).not.toContain('DRAFT');
  });

  it('ends with a QR code that decodes to the share link, printed under it', async () => {
    expect(await qrCodesOn(pdf, pages.length)).toEqual([sent.shareUrl]);
    expect(pages.at(-1)).toContain(sent.shareUrl);
  });
});

describe('renderQuotePdf, a draft', () => {
  it('is headed DRAFT and has no QR code without a share link', async () => {
    const draft = await renderQuotePdf(sampleQuote(2, { draft: true, shareUrl: null }));
    const [page] = await pagesOf(draft);
    expect(page).toContain('DRAFT: prices are not fixed until the quote is sent.');
    expect(page).toContain('Q-2026-0042-R2');
    expect(await extractImages(await getDocumentProxy(new Uint8Array(draft)), 1)).toEqual([]);
  });
});

describe('renderQuotePdf, names the font cannot show', () => {
  it('still renders them, and the rest of the text', async () => {
    const odd = ['漢字エアコン', '😀❄️👨‍👩‍👧', 'lone \ud800 surrogate', 'ایئر کنڈیشنر', 'e\u0301\u200d', '\u{10FFFF}', '𝔸'].join(' ');
    const view = sampleQuote(1, { customer: { name: odd, phone: '' }, note: odd });
    view.lines[0]!.modelName = odd;
    const [page] = await pagesOf(await renderQuotePdf(view));
    expect(page).toContain('Customer:');
    expect(page).toContain('Valid until 30 Nov 2026');
    expect(page).toContain('Rs 1,22,456');
  });
});

describe('renderQuotePdf, two at once', () => {
  it('keeps each document its own while they share the parsed font', async () => {
    const [first, second] = await Promise.all([
      renderQuotePdf(sampleQuote(60, { label: 'Q-2026-0001-R1', customer: { name: 'Первый Покупатель', phone: '' } })),
      renderQuotePdf(sampleQuote(60, { label: 'Q-2026-0002-R1', customer: { name: 'Zoë Second', phone: '' } })),
    ]);
    const [firstText, secondText] = [(await pagesOf(first)).join('\n'), (await pagesOf(second)).join('\n')];
    expect(firstText).toContain('Customer: Первый Покупатель');
    expect(firstText).not.toContain('Q-2026-0002-R1');
    expect(secondText).toContain('Customer: Zoë Second');
    expect(secondText).not.toContain('Q-2026-0001-R1');
  });
});

describe('the documents at start', () => {
  // What a server importing them resolves: pdfkit, fontkit and qrcode wait for the first PDF.
  it('load no PDF or QR code library until a PDF is asked for', () => {
    const script = `
      import { registerHooks } from 'node:module';
      const resolved = [];
      registerHooks({ resolve: (specifier, context, next) => (resolved.push(specifier), next(specifier, context)) });
      await import('#server/documents/quote-pdf.ts');
      await import('#server/documents/quote-page.ts');
      console.log(JSON.stringify(resolved));`;
    const resolved: string[] = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
    expect(resolved).toContain('./pdf-table.ts');
    expect(resolved.filter((specifier) => /pdfkit|fontkit|qrcode/.test(specifier))).toEqual([]);
  });
});
