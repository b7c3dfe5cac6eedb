import type { ButtonHTMLAttributes, ReactNode } from 'react';

const variants = {
  primary: 'bg-brand px-4 py-2 text-white hover:bg-brand-dark',
  secondary: 'border border-slate-300 bg-white px-3 py-1.5 text-slate-700 hover:bg-slate-50',
};

type Props = {
  /** The button's action is on its way: a second press does nothing until it answers. */
  busy: boolean;
  variant?: keyof typeof variants;
  children: ReactNode;
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled' | 'className'>;

/**
 * Every button that sends something (the forms' Submit, Login, Update, Apply, Export) shows that it
 * is busy the same way (docs/product.md §4's loading flag): disabled, `aria-busy`, dimmed, and a small
 * spinner before its label, which stays its accessible name.
 */
export function BusyButton({ busy, variant = 'primary', type = 'button', children, ...button }: Props) {
  return (
    <button
      type={type}
      disabled={busy}
      aria-busy={busy}
      className={`inline-flex items-center gap-2 rounded text-sm font-medium disabled:opacity-60 ${variants[variant]}`}
      {...button}
    >
      {busy && <span aria-hidden="true" className="h-3.5 w-3.5 animate-spin rounded-full border-2 border-current border-t-transparent" />}
      {children}
    </button>
  );
}
