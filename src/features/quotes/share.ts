import type { Quote } from '#src/contract/quotes.ts';
import { formatDay } from '#src/domain/business-time.ts';
import { formatLakh } from '#src/domain/format.ts';

/** What a shared quote says: its label, total, validity and link. */
export const shareText = (quote: Quote): string =>
  `${quote.label} · Total Rs ${formatLakh(quote.grandTotal)} · Valid until ${formatDay(quote.validUntil)} · ${quote.shareUrl ?? ''}`;

/** WhatsApp's link to the customer's number (its digits), with the text filled in. */
export const whatsAppLink = (quote: Quote): string =>
  `https://wa.me/${(quote.customerPhone ?? '').replace(/\D/g, '')}?text=${encodeURIComponent(shareText(quote))}`;

/** Whether this browser's share sheet takes a PDF file (docs/design.md §8.1). */
export function canShareFiles(): boolean {
  if (typeof navigator.canShare !== 'function') return false;
  return navigator.canShare({ files: [new File([], 'quote.pdf', { type: 'application/pdf' })] });
}
