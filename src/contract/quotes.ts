import { z } from 'zod';
import { idRequest, pagedRequest, pagedResponse, writeResponse } from './common.ts';
import { blankToMissing, idField, nameField, numericStringToNumber, searchField } from './fields.ts';
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

const customerPhoneField = z.preprocess(
  blankToMissing,
  text(quoteMessages.invalidPhone)
    .transform((phone, ctx) => {
      const normalized = normalizePhone(phone);
      if (normalized === null) ctx.addIssue({ code: 'custom', message: quoteMessages.invalidPhone });
      return normalized ?? '';
    })
    .optional(),
);

function multilineNote(label: string) {
  return z.preprocess(
    (value) => (value === null ? undefined : value),
    multilineText(`The ${label} must be text.`)
      .pipe(z.string().trim().max(MAX_NOTE, `The ${label} may not be greater than ${MAX_NOTE} characters.`))
      .optional(),
  );
}

/** A calendar date `YYYY-MM-DD` that exists; whether it is past is the business day's to say (src/domain/business-time.ts). */
export const DATE_TEXT = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDate = (date: string) => {
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
};
const validUntilField = z.preprocess(
  blankToMissing,
  z
    .string({ error: quoteMessages.invalidDate })
    .regex(DATE_TEXT, quoteMessages.invalidDate)
    .refine(isCalendarDate, quoteMessages.invalidDate)
    .optional(),
);

const wholeNumber = (message: string, min: number, max: number) =>
  z.preprocess(numericStringToNumber, z.number({ error: message }).int(message).min(min, message).max(max, message));

// The price is the line's unit Total, which only the server knows: the upper end is checked there.
const discountField = z.preprocess(
  (value) => (value === undefined || value === null || value === '' ? 0 : value),
  wholeNumber(quoteMessages.discount, 0, Number.MAX_SAFE_INTEGER),
);

export const quoteLineInput = z.object({
  modelId: idField(quoteMessages.invalidModel),
  qty: wholeNumber(quoteMessages.quantity, 1, MAX_LINE_QTY),
  discountPerUnit: discountField,
});
export type QuoteLineInput = z.infer<typeof quoteLineInput>;

const linesField = z.preprocess(
  (value) => (value === undefined || value === null ? [] : value),
  z
    .array(quoteLineInput, { error: quoteMessages.noLines })
    .min(1, quoteMessages.noLines)
    .max(MAX_QUOTE_LINES, quoteMessages.tooManyLines)
    .superRefine((lines, ctx) => {
      const seen = new Set<number>();
      lines.forEach((line, index) => {
        if (seen.has(line.modelId)) ctx.addIssue({ code: 'custom', path: [index, 'modelId'], message: quoteMessages.repeatedModel });
        seen.add(line.modelId);
      });
    }),
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

const flag = (message: string) => z.preprocess(numericStringToNumber, z.union([z.literal(0), z.literal(1)], { error: message }).optional());

export const reviseQuoteRequest = z.object({
  id: idField('The id field is required.'),
  keepRate: flag('The keep rate field must be 0 or 1.'),
});
export const winQuoteRequest = quoteActionRequest.extend({ stockOut: flag('The stock out field must be 0 or 1.') });
export const loseQuoteRequest = quoteActionRequest.extend({
  reason: z.enum(lostReasons, { error: quoteMessages.invalidReason }),
  reasonNote: multilineNote('reason note'),
});

export const quoteFilters = z.object({
  search: searchField,
  status: z.preprocess(blankToMissing, z.enum(quoteStatuses, { error: quoteMessages.invalidStatus }).optional()),
});
export type QuoteFilters = z.infer<typeof quoteFilters>;
export const quotesRequest = pagedRequest(quoteFilters, QUOTES_PER_PAGE);

const quoteStatus = z.enum(quoteStatuses);

export const quoteRow = z.object({
  id: z.number().int(),
  label: z.string(),
  number: z.string(),
  revision: z.number().int(),
  customerName: z.string(),
  status: quoteStatus,
  validUntil: z.string(),
  grandTotal: z.number().int(),
  createdByName: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
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
  setAt: z.string().nullable(),
  fare: z.string().optional(),
  duties: z.string().optional(),
  profit: z.string().optional(),
});
export type QuoteRate = z.infer<typeof quoteRate>;

export const quoteLine = z.object({
  lineNo: z.number().int(),
  modelId: z.number().int(),
  brandName: z.string(),
  seriesName: z.string(),
  modelName: z.string(),
  modelCapacityKW: z.number().nullable(),
  qty: z.number().int(),
  unitTotal: z.number().int(),
  discountPerUnit: z.number().int(),
  lineTotal: z.number().int(),
  /** Managers and Admins: the model's stock now ('In stock: N'). */
  inStock: z.number().int().optional(),
});
export type QuoteLine = z.infer<typeof quoteLine>;

export const quote = z.object({
  id: z.number().int(),
  label: z.string(),
  number: z.string(),
  revision: z.number().int(),
  status: quoteStatus,
  customerName: z.string(),
  customerPhone: z.string().nullable(),
  note: z.string(),
  validUntil: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  lostReason: z.enum(lostReasons).nullable(),
  lostNote: z.string().nullable(),
  version: recordVersion,
  rate: quoteRate,
  lines: z.array(quoteLine),
  grandTotal: z.number().int(),
  shareUrl: z.string().nullable(),
  revisions: z.array(z.object({ id: z.number().int(), revision: z.number().int(), status: quoteStatus })),
});
export type Quote = z.infer<typeof quote>;

export const getQuoteRequest = idRequest();
export const quoteResponse = z.object({ quote });

export const createdQuoteResponse = z.object({ ...writeResponse.shape, id: z.number().int() });
export const sentQuoteResponse = z.object({ ...writeResponse.shape, shareUrl: z.string() });

/** `quotes/pdf`: the file itself; its schema is the bytes the server or the mocks send. */
export const quotePdfResponse = z.instanceof(Uint8Array);
