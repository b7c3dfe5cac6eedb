import type { Settings } from '#src/contract/settings.ts';
import { formatBusinessDay, formatDay } from '#src/domain/business-time.ts';
import type { QuoteDocument } from '#server/documents/quote-document.ts';
import type { QuoteView } from './quotes-read.ts';

// A quote as its customer's documents show it (the PDF and the public page, server/documents/):
// dates and the rate's day in the business time zone, the company from settings, and no cost,
// fare, duties or profit, which QuoteDocument has no field for.

/** 'Prices at 1 USD = Rs 281.15, rate of 20 Nov 2026': the day that EXCH was set. */
export const rateLine = (exch: string, setAt: string | null, timeZone: string): string =>
  `Prices at 1 USD = Rs ${exch}${setAt === null ? '' : `, rate of ${formatBusinessDay(setAt, timeZone)}`}`;

export function quoteDocument(
  view: QuoteView,
  settings: Pick<Settings, 'companyName' | 'companyAddress' | 'companyPhone' | 'quoteTerms'>,
  timeZone: string,
  shareUrl: string | null,
  now = new Date(),
): QuoteDocument {
  const { record } = view;
  return {
    company: { name: settings.companyName, address: settings.companyAddress, phone: settings.companyPhone },
    label: view.label,
    // A sent quote is dated by its send; a draft's copy by the day it is printed.
    date: formatBusinessDay(record.sent_at ?? now, timeZone),
    validUntil: formatDay(record.valid_until),
    draft: view.status === 'draft',
    customer: { name: record.customer_name, phone: record.customer_phone ?? '' },
    note: record.note,
    lines: view.lines.map((line) => ({
      brandName: line.brandName,
      seriesName: line.seriesName,
      modelName: line.modelName,
      capacityKw: line.modelCapacityKW === null ? '-' : String(line.modelCapacityKW),
      qty: line.qty,
      unitTotal: line.unitTotal,
      discountPerUnit: line.discountPerUnit,
      lineTotal: line.lineTotal,
    })),
    grandTotal: view.grandTotal,
    rateLine: rateLine(view.rate.variables.exch, view.rate.setAt, timeZone),
    terms: settings.quoteTerms,
    shareUrl,
    expiredOn: view.status === 'expired' ? formatDay(record.valid_until) : null,
  };
}
