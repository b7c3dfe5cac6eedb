import { useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { PAGE_SIZES } from '#src/lib/list-search.ts';

/** The page-size selector: 30 … 500 and All; a new size starts again at page 1. */
export function ShowEntries({ value }: { value: number | 'all' }) {
  const navigate = useNavigate();
  const id = useId();
  const sizes: (number | 'all')[] = [...PAGE_SIZES];
  if (typeof value === 'number' && !sizes.includes(value)) sizes.push(value);
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id}>Show Entries</label>
      <select
        id={id}
        value={String(value)}
        onChange={(event) => {
          const raw = event.target.value;
          void navigate({
            to: '.',
            search: (previous: Record<string, unknown>) => ({ ...previous, page: 1, per_page: raw === 'all' ? 'all' : Number(raw) }),
          });
        }}
        className="rounded border border-slate-300 px-2 py-1"
      >
        {sizes.map((size) => (
          <option key={size} value={String(size)}>
            {size === 'all' ? 'All' : size}
          </option>
        ))}
        <option value="all">All</option>
      </select>
    </div>
  );
}
