import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { signOut } from './api.ts';

export function UserMenu({ name }: { name: string }) {
  // Change Password goes to an external admin page when the build names one (docs/product.md §2), else to ours.
  const externalChangePassword = import.meta.env.VITE_CHANGE_PASSWORD_URL as string | undefined;
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const itemClass = 'block w-full px-4 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none';
  return (
    <div ref={box} className="relative">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        className="whitespace-nowrap rounded px-3 py-1.5 text-sm font-medium hover:bg-white/10 focus:outline-none focus:ring-2 focus:ring-white/50"
      >
        {name} ▾
      </button>
      {open && (
        <div role="menu" className="absolute right-0 z-20 mt-1 w-48 rounded border border-slate-200 bg-white py-1 shadow-lg">
          {externalChangePassword ? (
            <a role="menuitem" href={externalChangePassword} className={itemClass}>
              Change Password
            </a>
          ) : (
            <Link role="menuitem" to="/account/password" className={itemClass} onClick={() => setOpen(false)}>
              Change Password
            </Link>
          )}
          <button role="menuitem" type="button" className={itemClass} onClick={() => void signOut()}>
            Logout
          </button>
        </div>
      )}
    </div>
  );
}
