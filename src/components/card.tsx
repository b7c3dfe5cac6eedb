import type { ReactNode } from 'react';

/** The white panel every screen sits in, with its title and optional actions on the right. */
export function Card({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <header className="flex items-center justify-between gap-4 border-b border-slate-200 px-4 py-3">
        <h1 className="text-lg font-semibold">{title}</h1>
        {actions}
      </header>
      <div className="p-4">{children}</div>
    </section>
  );
}
