import type { AuditChanges } from '#src/contract/audit.ts';
import type { LostReason } from '#src/contract/quotes.ts';

// What a quote's audit entries say (docs/design.md §8.1), one vocabulary for the server
// (server/repositories/quotes-writes.ts) and the mocks (mocks/handlers/quotes.ts), titled in
// audit-fields.ts: the same write makes the same entry on both sides.

type QuoteRecord = { customerName: string; customerPhone: string | null; note: string; validUntil: string; status: string };

/** The quote's own fields, as its entries compare them before and after a write. */
export const quoteAuditFields = (quote: QuoteRecord) => ({
  customerName: quote.customerName,
  customerPhone: quote.customerPhone,
  quoteNote: quote.note,
  validUntil: quote.validUntil,
  quoteStatus: quote.status,
});

/** The lines as one line of text in an entry, by the models' names: '2 × ACM-12 less Rs 500; 1 × ACM-18'. */
export const quoteLinesText = (lines: readonly { qty: number; discountPerUnit: number; modelName: string }[]): string =>
  lines.map((line) => `${line.qty} × ${line.modelName}${line.discountPerUnit > 0 ? ` less Rs ${line.discountPerUnit}` : ''}`).join('; ');

/** An admin's price below Cost is written into the entry, as a flag 1 like every flag of the wire (the floor stops everyone else). */
export const belowCostChange = (below: boolean): AuditChanges => (below ? { belowCost: [null, 1] } : {});

/** Sending records the EXCH it fixed; a revision keeping its source's rate records it too. */
export const fixedExchChange = (exch: string): AuditChanges => ({ exch: [null, exch] });

/** A revision names the revision it came from, and the EXCH it kept if it kept one. */
export const revisedFromChange = (sourceLabel: string, keptExch: string | null): AuditChanges => ({
  revisedFrom: [null, sourceLabel],
  ...(keptExch === null ? {} : fixedExchChange(keptExch)),
});

/** A lost quote's reason, and its note when one was given. */
export const lostChange = (reason: LostReason, note: string | null | undefined): AuditChanges => ({
  lostReason: [null, reason],
  ...(note ? { lostNote: [null, note] } : {}),
});

/** An earlier sent revision superseded by the one just sent. */
export const supersededChange: AuditChanges = { quoteStatus: ['sent', 'superseded'] };

/** A quote won with its lines taken out of stock (each move has its own entry too). */
export const stockOutChange: AuditChanges = { stockOut: [null, 1] };
