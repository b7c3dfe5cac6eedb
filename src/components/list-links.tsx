import { Link } from '@tanstack/react-router';

/** The list's add icon, a "+" link to the add screen. */
export function AddLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      aria-label={label}
      title={label}
      className="rounded bg-brand px-3 py-1 text-lg font-bold leading-none text-white hover:bg-brand-dark focus:outline-none focus:ring-2 focus:ring-brand/40"
    >
      +
    </Link>
  );
}

export function RowLink({ to, params, children }: { to: string; params: Record<string, string>; children: string }) {
  return (
    <Link to={to} params={params} className="text-brand hover:underline focus:outline-none focus:ring-2 focus:ring-brand/40">
      {children}
    </Link>
  );
}
