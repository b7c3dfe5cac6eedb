import type { QuoteStatus } from '#src/contract/quotes.ts';

/** A status as the screens name it. */
export const statusLabel: Record<QuoteStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  expired: 'Expired',
  won: 'Won',
  lost: 'Lost',
  cancelled: 'Cancelled',
  superseded: 'Superseded',
};

const tone: Record<QuoteStatus, string> = {
  draft: 'bg-slate-100 text-slate-800',
  sent: 'bg-blue-100 text-blue-900',
  expired: 'bg-amber-100 text-amber-900',
  won: 'bg-green-100 text-green-900',
  lost: 'bg-red-100 text-red-900',
  cancelled: 'bg-slate-200 text-slate-800',
  superseded: 'bg-slate-200 text-slate-800',
};

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return <span className={`inline-block rounded px-2 py-0.5 text-xs font-medium ${tone[status]}`}>{statusLabel[status]}</span>;
}
