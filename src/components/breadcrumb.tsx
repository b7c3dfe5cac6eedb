import { Link, type LinkProps } from '@tanstack/react-router';

type Crumb = { label: string; to?: LinkProps['to'] };

/** "Dashboard > …": every crumb but the last links back. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-4 text-sm text-slate-500 print:hidden">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, index) => (
          <li key={item.label} className="flex items-center gap-1">
            {index > 0 && <span aria-hidden="true">&gt;</span>}
            {item.to && index < items.length - 1 ? (
              <Link to={item.to} className="text-brand hover:underline">
                {item.label}
              </Link>
            ) : (
              <span aria-current={index === items.length - 1 ? 'page' : undefined}>{item.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
