import { z } from 'zod/mini';
import { idRequest, pagedRequest, pagedResponse, writeResponse } from './common.ts';
import { blankToMissing, idField, nameField, numericStringToNumber, searchField, wholeNumber } from './fields.ts';
import { multilineText, text } from './text.ts';
import { recordVersion, versionField } from './versions.ts';
import { quoteStatuses } from './quote-statuses.ts';

// The statuses that the first screen's route tree reads, kept apart from the schemas.
export * from './quote-statuses.ts';

// Quotes (docs/design.md §8.1): what a salesperson sends a customer, with the rate fixed when sent.

export const quoteMessages = {
  customerNameRequired: 'Please enter customer name.',
  invalidPhone: 'Please enter a valid phone number.',
  validUntilPast: 'The validity date may not be in the past.',
  invalidDate: 'The validity date is not a valid date.',
  noLines: 'Please add at least one model.',
  tooManyLines: 'A quote may have at most 50 models.',
  invalidModel: 'The selected model is invalid.',
  inactiveModel: 'This model is inactive.',
  repeatedModel: 'This model is already in the quote.',
  quantity: 'The quantity must be a whole number from 1 to 10000.',
  discount: 'The discount must be a whole number of rupees, from 0 to the price.',
  belowFloor: 'This discount is more than you may give.',
  notChangeable: 'This quote can no longer be changed.',
  draftExists: 'This quote already has a draft revision.',
  invalidReason: 'The selected reason is invalid.',
  invalidStatus: 'The selected status is invalid.',
  onlyInStock: (inStock: number) => `Only ${inStock} in stock.`,
} as const;

export const quoteSuccess = {
  created: 'Quote created successfully.',
  updated: 'Quote updated successfully.',
  sent: 'Quote sent successfully.',
  revised: 'Revision created successfully.',
  won: 'Quote marked as won.',
  lost: 'Quote marked as lost.',
  cancelled: 'Quote cancelled.',
} as const;

export const lostReasons = ['Price', 'Bought elsewhere', 'No reply', 'Other'] as const;
export type LostReason = (typeof lostReasons)[number];

export const MAX_QUOTE_LINES = 50;
export const MAX_LINE_QTY = 10_000;
const MAX_NOTE = 1000;
export const QUOTES_PER_PAGE = 50;

// Spaces and dashes are how people write numbers; a Pakistani mobile 03… is +923….
const PHONE_SEPARATORS = /[\s-]/g;
const LOCAL_MOBILE = /^03\d{9}$/;
const INTERNATIONAL = /^\+\d{8,15}$/;

/** `+` and digits, or null for a number that is not one (docs/design.md §8.1). */
export function normalizePhone(phone: string): string | null {
  const compact = phone.replace(PHONE_SEPARATORS, '');
  if (LOCAL_MOBILE.test(compact)) return `+92${compact.slice(1)}`;
  return INTERNATIONAL.test(compact) ? compact : null;
}

// zod/mini's transform has no ctx.addIssue: the issue goes on the payload as classic's addIssue put it.
const customerPhone = z.pipe(
  text(quoteMessages.invalidPhone),
  z.transform((phone, ctx) => {
    const normalized = normalizePhone(phone);
    if (normalized === null) ctx.issues.push({ code: 'custom', message: quoteMessages.invalidPhone, input: phone });
    return normalized ?? '';
  }),
);
const customerPhoneField = z.pipe(z.transform(blankToMissing), z.optional(customerPhone));

function multilineNote(label: string) {
  const note = z.pipe(
    multilineText(`The ${label} must be text.`),
    z.string().check(z.trim(), z.maxLength(MAX_NOTE, `The ${label} may not be greater than ${MAX_NOTE} characters.`)),
  );
  return z.pipe(
    z.transform((value) => (value === null ? undefined : value)),
    z.optional(note),
  );
}

/** A calendar date `YYYY-MM-DD` that exists; whether it is past is the business day's to say (src/domain/business-time.ts). */
export const DATE_TEXT = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDate = (date: string) => {
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
};
const validUntil = z
  .string({ error: quoteMessages.invalidDate })
  .check(z.regex(DATE_TEXT, quoteMessages.invalidDate), z.refine(isCalendarDate, quoteMessages.invalidDate));
const validUntilField = z.pipe(z.transform(blankToMissing), z.optional(validUntil));

const wholeNumberField = (message: string, min: number, max: number) =>
  z.pipe(z.transform(numericStringToNumber), wholeNumber(message, message, [min, message], [max, message]));

// The price is the line's unit Total, which only the server knows: the upper end is checked there.
const discountField = z.pipe(
  z.transform((value): unknown => (value === undefined || value === null || value === '' ? 0 : value)),
  wholeNumberField(quoteMessages.discount, 0, Number.MAX_SAFE_INTEGER),
);

export const quoteLineInput = z.object({
  modelId: idField(quoteMessages.invalidModel),
  qty: wholeNumberField(quoteMessages.quantity, 1, MAX_LINE_QTY),
  discountPerUnit: discountField,
});
export type QuoteLineInput = z.infer<typeof quoteLineInput>;

const lineList = z.array(quoteLineInput, { error: quoteMessages.noLines }).check(
  z.minLength(1, quoteMessages.noLines),
  z.maxLength(MAX_QUOTE_LINES, quoteMessages.tooManyLines),
  z.superRefine((lines, ctx) => {
    const seen = new Set<number>();
    lines.forEach((line, index) => {
      if (seen.has(line.modelId)) ctx.addIssue({ code: 'custom', path: [index, 'modelId'], message: quoteMessages.repeatedModel });
      seen.add(line.modelId);
    });
  }),
);
const linesField = z.pipe(
  z.transform((value) => (value === undefined || value === null ? [] : value)),
  lineList,
);

const quoteShape = {
  customerName: nameField(quoteMessages.customerNameRequired),
  customerPhone: customerPhoneField,
  note: multilineNote('note'),
  validUntil: validUntilField,
  lines: linesField,
};
export const createQuoteRequest = z.object(quoteShape);
export type CreateQuoteRequest = z.infer<typeof createQuoteRequest>;
export const updateQuoteRequest = z.object({ id: idField('The id field is required.'), version: versionField, ...quoteShape });

export const quoteActionRequest = z.object({ id: idField('The id field is required.'), version: versionField });

const flag = (message: string) =>
  z.pipe(z.transform(numericStringToNumber), z.optional(z.union([z.literal(0), z.literal(1)], { error: message })));

export const reviseQuoteRequest = z.object({
  id: idField('The id field is required.'),
  keepRate: flag('The keep rate field must be 0 or 1.'),
});
export const winQuoteRequest = z.extend(quoteActionRequest, { stockOut: flag('The stock out field must be 0 or 1.') });
export const loseQuoteRequest = z.extend(quoteActionRequest, {
  reason: z.enum(lostReasons, { error: quoteMessages.invalidReason }),
  reasonNote: multilineNote('reason note'),
});

export const quoteFilters = z.object({
  search: searchField,
  status: z.pipe(z.transform(blankToMissing), z.optional(z.enum(quoteStatuses, { error: quoteMessages.invalidStatus }))),
});
export type QuoteFilters = z.infer<typeof quoteFilters>;
export const quotesRequest = pagedRequest(quoteFilters, QUOTES_PER_PAGE);

const quoteStatus = z.enum(quoteStatuses);

export const quoteRow = z.object({
  id: z.int(),
  label: z.string(),
  number: z.string(),
  revision: z.int(),
  customerName: z.string(),
  status: quoteStatus,
  validUntil: z.string(),
  grandTotal: z.int(),
  createdByName: z.string(),
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
});
export type QuoteRow = z.infer<typeof quoteRow>;
export const quotesResponse = pagedResponse(quoteRow);

/**
 * The variables a quote is priced at: today's for a draft, the ones fixed when it was sent
 * (`fixed`). `setAt` is when that EXCH was set. Sales receive the TR and the rate alone (§8.9).
 */
// The required keys first: the server's response serializer writes them first whatever the order
// here, and the mocks answer in this order, so both read alike.
export const quoteRate = z.object({
  tr: z.string(),
  exch: z.string(),
  fixed: z.boolean(),
  setAt: z.nullable(z.string()),
  fare: z.optional(z.string()),
  duties: z.optional(z.string()),
  profit: z.optional(z.string()),
});
export type QuoteRate = z.infer<typeof quoteRate>;

export const quoteLine = z.object({
  lineNo: z.int(),
  modelId: z.int(),
  brandName: z.string(),
  seriesName: z.string(),
  modelName: z.string(),
  modelCapacityKW: z.nullable(z.number()),
  qty: z.int(),
  unitTotal: z.int(),
  discountPerUnit: z.int(),
  lineTotal: z.int(),
  /** Managers and Admins: the model's stock now ('In stock: N'). */
  inStock: z.optional(z.int()),
});
export type QuoteLine = z.infer<typeof quoteLine>;

export const quote = z.object({
  id: z.int(),
  label: z.string(),
  number: z.string(),
  revision: z.int(),
  status: quoteStatus,
  customerName: z.string(),
  customerPhone: z.nullable(z.string()),
  note: z.string(),
  validUntil: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
  decidedAt: z.nullable(z.string()),
  lostReason: z.nullable(z.enum(lostReasons)),
  lostNote: z.nullable(z.string()),
  version: recordVersion,
  rate: quoteRate,
  lines: z.array(quoteLine),
  grandTotal: z.int(),
  shareUrl: z.nullable(z.string()),
  revisions: z.array(z.object({ id: z.int(), revision: z.int(), status: quoteStatus })),
});
export type Quote = z.infer<typeof quote>;

export const getQuoteRequest = idRequest();
export const quoteResponse = z.object({ quote });

export const createdQuoteResponse = z.object({ ...writeResponse.shape, id: z.int() });
export const sentQuoteResponse = z.object({ ...writeResponse.shape, shareUrl: z.string() });

/** `quotes/pdf`: the file itself; its schema is the bytes the server or the mocks send. */
export const quotePdfResponse = z.instanceof(Uint8Array);
