import type { QuoteDocument, QuoteDocumentLine } from '#server/documents/quote-document.ts';

/** Line i (from 0): qty i + 1 at Rs 1,23,456 less Rs 1,000 a unit; lines 1–3 carry Cyrillic, accents, a long name. */
function sampleLine(at: number): QuoteDocumentLine {
  const qty = at + 1;
  return {
    brandName: at === 1 ? 'Холодильник Север' : 'Gree',
    seriesName: at === 2 ? 'Série Élégance' : 'Pular Inverter',
    modelName: at === 3 ? 'GS-18PITH11W with a model name long enough to wrap over several lines of its cell' : `GS-${at}PITH`,
    capacityKw: '5.3',
    qty,
    unitTotal: 123_456,
    discountPerUnit: 1000,
    lineTotal: 122_456 * qty,
  };
}

/** A sent quote of `lines` lines (60: Rs 22,40,94,480 over two pages), its figures consistent. */
export function sampleQuote(lines = 60, overrides: Partial<QuoteDocument> = {}): QuoteDocument {
  const rows = Array.from({ length: lines }, (_, at) => sampleLine(at));
  return {
    company: { name: 'Cool Air Traders', address: '12 Mall Road\nLahore 54000', phone: '+92 42 3555 0101' },
    label: 'Q-2026-0042-R2',
    date: '26 Nov 2026',
    validUntil: '30 Nov 2026',
    draft: false,
    customer: { name: 'Ahmed Raza', phone: '+923001234567' },
    note: 'Delivery to the site office.\nCall before coming.',
    lines: rows,
    grandTotal: rows.reduce((sum, line) => sum + line.lineTotal, 0),
    rateLine: 'Prices at 1 USD = Rs 281.15, rate of 20 Nov 2026',
    terms: 'Payment in advance.\nInstallation is charged separately.',
    shareUrl: 'https://quotes.example.com/q/3fQ9xLr7TzW2mK8vN4bH6cJ1sD5gA0eY',
    expiredOn: null,
    ...overrides,
  };
}
