import { createColumnHelper } from '@tanstack/react-table';
import { Link } from '@tanstack/react-router';
import type { listFeatures } from '#src/components/data-table/data-table.tsx';
import type { QuoteRow } from '#src/contract/quotes.ts';
import { formatDay } from '#src/domain/business-time.ts';
import { formatLakh } from '#src/domain/format.ts';
import { quoteColumnTitles } from '#src/domain/list-columns.ts';
import { BusinessDay } from './business-day.tsx';
import { QuoteStatusBadge } from './quote-status.tsx';

const column = createColumnHelper<typeof listFeatures, QuoteRow>();

/** The Quotes list's columns (docs/design.md §8.1): the label opens the quote. */
export const quoteColumns = column.columns([
  column.accessor('label', {
    header: quoteColumnTitles.label,
    cell: (info) => (
      <Link to="/quotes/$id" params={{ id: info.row.original.id }} className="whitespace-nowrap text-brand underline">
        {info.getValue()}
      </Link>
    ),
  }),
  column.accessor('customerName', { header: quoteColumnTitles.customer }),
  column.accessor('status', { header: quoteColumnTitles.status, cell: (info) => <QuoteStatusBadge status={info.getValue()} /> }),
  column.accessor('validUntil', { header: quoteColumnTitles.validUntil, cell: (info) => formatDay(info.getValue()) }),
  column.accessor('grandTotal', { header: quoteColumnTitles.total, meta: { numeric: true }, cell: (info) => formatLakh(info.getValue()) }),
  column.accessor('createdByName', { header: quoteColumnTitles.createdBy }),
  column.accessor('createdAt', { header: quoteColumnTitles.created, cell: (info) => <BusinessDay instant={info.getValue()} /> }),
]);
