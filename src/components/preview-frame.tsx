import type { ReactNode } from 'react';

type Props = {
  /** The counts above the table, as `label: n`; a count of errors above 0 stands out. */
  counts: { label: string; count: number; error?: boolean }[];
  caption: string;
  columns: readonly string[];
  /** The first column stays at the left edge while a wide table scrolls sideways, as the lists' first column does. */
  stickyFirst?: boolean;
  /** Said between the counts and the table. */
  note?: ReactNode;
  className?: string;
  /** The table's body rows. */
  children: ReactNode;
};

/** The frame of a write's preview (an import's, a bulk edit's): its counts, then its table of rows. */
export function PreviewFrame({ counts, caption, columns, stickyFirst = false, note, className, children }: Props) {
  return (
    <section aria-label="Preview" className={className}>
      <ul aria-label="Summary" className="mb-3 flex flex-wrap gap-4 text-sm">
        {counts.map(({ label, count, error }) => (
          <li key={label} className={error && count > 0 ? 'font-semibold text-red-700' : undefined}>
            {label}: {count}
          </li>
        ))}
      </ul>
      {note}
      {/* A table wider than a phone scrolls sideways in this box, which a keyboard reaches by Tab to scroll it. */}
      <div tabIndex={0} role="group" aria-label={caption} className="overflow-x-auto rounded border border-slate-200">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-100 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              {columns.map((column, index) => (
                <th key={column} scope="col" className={`px-3 py-2 ${stickyFirst && index === 0 ? 'sticky left-0 bg-slate-100' : ''}`}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">{children}</tbody>
        </table>
      </div>
    </section>
  );
}
