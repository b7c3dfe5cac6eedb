/** Stored statuses; `expired` is derived from a sent quote's `validUntil` (src/domain/quotes.ts), never stored. */
export const storedQuoteStatuses = ['draft', 'sent', 'won', 'lost', 'cancelled', 'superseded'] as const;
export type StoredQuoteStatus = (typeof storedQuoteStatuses)[number];
export const quoteStatuses = [...storedQuoteStatuses, 'expired'] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];
