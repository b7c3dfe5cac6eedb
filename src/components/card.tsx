import type { ReactNode } from 'react';
import { usePageTitle } from '#src/lib/page-title.ts';

type CardProps = {
  title: string;
  actions?: ReactNode;
  /** A part of a screen below its main card: an h2 that does not name the page. */
  part?: boolean;
  children: ReactNode;
};

/**
 * The white panel every screen sits in, with its title and optional actions on the right. The
 * screen's main card (the h1) also names the browser tab, so every screen's title is set here.
 */
export function Card({ title, actions, part = false, children }: CardProps) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <header className="flex flex-wrap items-center justify-between gap-4 border-b border-slate-200 px-4 py-3">
        {part ? <h2 className="text-lg font-semibold">{title}</h2> : <PageHeading title={title} />}
        {actions}
      </header>
      <div className="p-4">{children}</div>
    </section>
  );
}

function PageHeading({ title }: { title: string }) {
  usePageTitle(title);
  return <h1 className="text-lg font-semibold">{title}</h1>;
}
