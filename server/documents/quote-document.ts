import { amountInWords } from '#src/domain/amount-in-words.ts';
import { formatLakh } from '#src/domain/format.ts';

/**
 * What a customer's copy of a quote shows, already read and formatted by the caller: the PDF
 * (quote-pdf.ts) and the public page (quote-page.ts) draw the same one. Figures are whole rupees.
 * It has no field for a cost, fare, duties or profit, so no document can print one.
 */
export type QuoteDocument = {
  /** From settings; the address may hold several lines. */
  company: { name: string; address: string; phone: string };
  /** 'Q-2026-0042-R2' */
  label: string;
  /** '26 Nov 2026', in the business time zone. */
  date: string;
  /** '30 Nov 2026' */
  validUntil: string;
  draft: boolean;
  /** phone '' when none */
  customer: { name: string; phone: string };
  note: string;
  lines: QuoteDocumentLine[];
  grandTotal: number;
  /** 'Prices at 1 USD = Rs 281.15, rate of 20 Nov 2026' */
  rateLine: string;
  /** quoteTerms, several lines */
  terms: string;
  /** The PDF prints its QR code when set. */
  shareUrl: string | null;
  /** The public page says the quote expired on this date ('30 Nov 2026'); the PDF ignores it. */
  expiredOn: string | null;
};

export type QuoteDocumentLine = {
  brandName: string;
  seriesName: string;
  modelName: string;
  capacityKw: string;
  qty: number;
  unitTotal: number;
  discountPerUnit: number;
  lineTotal: number;
};

export const QUOTE_TITLE = 'Quotation';
export const QUOTE_TERMS = 'Terms';

/** 'Rs 1,23,456', grouped as the price list groups its figures. */
export const rupees = (amount: number) => `Rs ${formatLakh(amount)}`;

const phoneLine = (phone: string) => (phone ? `Phone: ${phone}` : '');

/** The sentences both documents print, worded once; '' for one the quote has none of. */
export function quoteTexts(view: QuoteDocument) {
  return {
    companyPhone: phoneLine(view.company.phone),
    date: `Date: ${view.date}`,
    validUntil: `Valid until ${view.validUntil}`,
    draft: view.draft ? 'DRAFT: prices are not fixed until the quote is sent.' : '',
    expired: view.expiredOn ? `This quote expired on ${view.expiredOn}.` : '',
    customer: `Customer: ${view.customer.name}`,
    customerPhone: phoneLine(view.customer.phone),
    grandTotal: `Grand total: ${rupees(view.grandTotal)}`,
    inWords: amountInWords(view.grandTotal),
  };
}

export type QuoteTexts = ReturnType<typeof quoteTexts>;

/** The lines' table, column by column, for both documents; `numeric` columns are right-aligned. */
export const QUOTE_COLUMNS: { heading: string; numeric: boolean; cell: (line: QuoteDocumentLine) => string }[] = [
  { heading: 'Brand', numeric: false, cell: (line) => line.brandName },
  { heading: 'Series', numeric: false, cell: (line) => line.seriesName },
  { heading: 'Model', numeric: false, cell: (line) => line.modelName },
  { heading: 'kW', numeric: true, cell: (line) => line.capacityKw },
  { heading: 'Qty', numeric: true, cell: (line) => formatLakh(line.qty) },
  { heading: 'Unit price', numeric: true, cell: (line) => rupees(line.unitTotal) },
  { heading: 'Discount', numeric: true, cell: (line) => rupees(line.discountPerUnit) },
  { heading: 'Line total', numeric: true, cell: (line) => rupees(line.lineTotal) },
];
