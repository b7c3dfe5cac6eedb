import { Link } from '@tanstack/react-router';
import type { Quote } from '#src/contract/quotes.ts';
import { formatDay, formatBusinessDay } from '#src/domain/business-time.ts';
import { formatLakh } from '#src/domain/format.ts';
import { useBusinessDay } from './business-day.tsx';
import { QuoteStatusBadge } from './quote-status.tsx';

/** 'Priced at today's rate: 1 USD = Rs 281.15', or once sent 'Prices fixed at … when sent on 26 Nov 2026'. */
export function RateLine({ quote }: { quote: Quote }) {
  const { zone } = useBusinessDay();
  const rate = `1 USD = Rs ${quote.rate.exch}`;
  return (
    <p className="mb-3 text-sm">
      {quote.rate.fixed && quote.sentAt
        ? `Prices fixed at ${rate} when sent on ${formatBusinessDay(quote.sentAt, zone)}`
        : `Priced at today's rate: ${rate}`}
    </p>
  );
}

function Term({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{term}</dt>
      <dd className="[overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** The quote's customer, status and validity (a 422 under `status` said beside it). */
export function QuoteHeader({ quote, statusError }: { quote: Quote; statusError: string | undefined }) {
  return (
    <dl className="mb-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
      <Term term="Status">
        <QuoteStatusBadge status={quote.status} />
        {statusError && <span className="block text-red-600">{statusError}</span>}
      </Term>
      <Term term="Customer">{quote.customerName}</Term>
      <Term term="Phone">{quote.customerPhone ?? '-'}</Term>
      <Term term="Valid until">{formatDay(quote.validUntil)}</Term>
      <Term term="Created by">{quote.createdByName}</Term>
      {quote.lostReason && <Term term="Lost because">{[quote.lostReason, quote.lostNote].filter(Boolean).join(': ')}</Term>}
      {quote.note && <Term term="Note">{quote.note}</Term>}
    </dl>
  );
}

/** The lines as cards at every width (no sideways scroll on a phone), with the stock for those who see it. */
export function QuoteLines({ quote, errors }: { quote: Quote; errors: Record<string, string> }) {
  return (
    <>
      <ul aria-label="Lines" className="mb-3 space-y-2">
        {quote.lines.map((line, index) => (
          <li key={line.lineNo} className="rounded border border-slate-200 p-3 text-sm">
            <p className="font-medium [overflow-wrap:anywhere]">
              {line.brandName} {line.seriesName} {line.modelName}
              {line.modelCapacityKW !== null && <span className="font-normal text-slate-600"> · {line.modelCapacityKW} kW</span>}
            </p>
            <p className="tabular-nums">
              {line.qty} × Rs {formatLakh(line.unitTotal)}
              {line.discountPerUnit > 0 && ` less Rs ${formatLakh(line.discountPerUnit)}`} ={' '}
              <strong>Rs {formatLakh(line.lineTotal)}</strong>
            </p>
            {line.inStock !== undefined && <p className="text-slate-600">In stock: {line.inStock}</p>}
            {errors[`lines.${index}.qty`] && <p className="text-red-600">{errors[`lines.${index}.qty`]}</p>}
          </li>
        ))}
      </ul>
      <p className="mb-3 text-lg font-semibold tabular-nums">Total: Rs {formatLakh(quote.grandTotal)}</p>
    </>
  );
}

export function Revisions({ quote }: { quote: Quote }) {
  if (quote.revisions.length < 2) return null;
  return (
    <nav aria-label="Revisions" className="text-sm">
      <h2 className="mb-1 font-semibold">Revisions</h2>
      <ul className="flex flex-wrap gap-3">
        {quote.revisions.map((revision) => (
          <li key={revision.id}>
            <Link
              to="/quotes/$id"
              params={{ id: revision.id }}
              aria-current={revision.id === quote.id ? 'page' : undefined}
              className="text-brand underline aria-[current=page]:font-semibold aria-[current=page]:no-underline"
            >
              {quote.number}-R{revision.revision}
            </Link>{' '}
            <QuoteStatusBadge status={revision.status} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
