import { Link } from '@tanstack/react-router';
import type { TableData } from '#src/contract/common.ts';

const buttonClass = 'min-w-9 rounded border border-slate-300 px-2.5 py-1 text-center text-sm hover:bg-slate-100';
const disabledClass = 'min-w-9 rounded border border-slate-200 px-2.5 py-1 text-center text-sm text-slate-400';

/** First, previous, current, next and last, each a link to `?page=` (docs/product.md §2). */
export function Pagination({ table }: { table: TableData<unknown> }) {
  const page = table.current_page;
  const last = table.last_page;
  const control = (label: string, target: number, enabled: boolean, name: string) =>
    enabled ? (
      <Link
        to="."
        search={(previous: Record<string, unknown>) => ({ ...previous, page: target })}
        aria-label={name}
        className={buttonClass}
      >
        {label}
      </Link>
    ) : (
      <span aria-disabled="true" aria-label={name} className={disabledClass}>
        {label}
      </span>
    );

  return (
    <nav aria-label="Pagination" className="flex items-center gap-1">
      {control('«', 1, page > 1, 'First page')}
      {control('‹', page - 1, page > 1, 'Previous page')}
      <span
        aria-current="page"
        aria-label={`Page ${page}`}
        className="min-w-9 rounded border border-brand bg-brand px-2.5 py-1 text-center text-sm text-white"
      >
        {page}
      </span>
      {control('›', page + 1, page < last, 'Next page')}
      {control('»', last, page < last, 'Last page')}
    </nav>
  );
}
