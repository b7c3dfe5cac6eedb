import { Link, type LinkProps } from '@tanstack/react-router';

/** A route of one record, opened by its id (`…/$id`): the edit and log screens. */
export type RecordPath = Extract<LinkProps['to'], `${string}/$id`>;

/** The list's add icon, a "+" link to the add screen. */
export function AddLink({ to, label }: { to: LinkProps['to']; label: string }) {
  return (
    <Link
      to={to}
      aria-label={label}
      title={label}
      className="rounded bg-brand px-3 py-1 text-lg font-bold leading-none text-white hover:bg-brand-dark"
    >
      +
    </Link>
  );
}

/** A list's secondary action beside its add icon, as a labelled button-like link (the models list's Import). */
export function ActionLink({ to, children }: { to: LinkProps['to']; children: string }) {
  return (
    <Link to={to} className="rounded border border-brand px-3 py-1 text-sm font-medium text-brand hover:bg-brand hover:text-white">
      {children}
    </Link>
  );
}

export function RowLink({ to, id, children }: { to: RecordPath; id: number; children: string }) {
  return (
    <Link to={to} params={{ id }} className="text-brand hover:underline">
      {children}
    </Link>
  );
}
