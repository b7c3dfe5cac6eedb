import { useId, type ReactNode } from 'react';

/**
 * A list's control's look (search box, Show Entries, the filters): small, and below 768 px as wide
 * as the column the filters stack into, so no row of controls is wider than a phone.
 */
export const filterControlClass = 'rounded border border-slate-300 px-2 py-1 max-md:min-w-0 max-md:flex-1';

/**
 * A control above a list with its label beside it. Below 768 px the filters stack in one column
 * (filterRowClass) and every label takes the same width, so the controls line up.
 */
export function FilterField({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="max-md:w-28 max-md:shrink-0">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/**
 * A row of filters that wraps at a desk and is one column below 768 px: one line (nowrap), since
 * a wrapping column would be as wide as its widest control rather than as the screen.
 */
export const filterRowClass = 'flex flex-wrap items-center gap-3 max-md:flex-col max-md:flex-nowrap max-md:items-stretch';
