import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { headerButtonClass } from '#src/components/header-button.ts';
import { useCloseOutside } from '#src/components/use-close-outside.ts';
import { signOut } from './api.ts';

const itemClass =
  'block w-full px-4 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:-outline-offset-2';

/** The item to focus after `key` in a menu of `count` items, from the one at `index` (-1: none). */
function nextItem(key: string, index: number, count: number): number | null {
  if (key === 'ArrowDown') return (index + 1) % count;
  if (key === 'ArrowUp') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * The header's dropdown under the user's name: Change Password, Security and Logout. A menu button as the
 * WAI-ARIA pattern has it, so the keyboard works it as it does any other: opening puts focus on
 * the first item, the arrows move between items, Escape closes and hands focus back to the
 * button, and Tab (or a click elsewhere) closes it and moves on.
 */
export function UserMenu({ name }: { name: string }) {
  // Change Password goes to an external admin page when the build names one (docs/product.md §2), else to ours.
  const externalChangePassword = import.meta.env.VITE_CHANGE_PASSWORD_URL as string | undefined;
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = () => [...(box.current?.querySelectorAll<HTMLElement>('[role=menuitem]') ?? [])];

  const dismiss = useCallback(() => setOpen(false), []);
  useCloseOutside(open, box, dismiss);
  useEffect(() => {
    if (open) items()[0]?.focus();
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (!open) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
      return;
    }
    const list = items();
    const next = nextItem(event.key, list.indexOf(document.activeElement as HTMLElement), list.length);
    if (next === null) return;
    event.preventDefault();
    list[next]?.focus();
  };

  return (
    <div
      ref={box}
      className="relative min-w-0"
      onKeyDown={onKeyDown}
      // Tab from the last item (or Shift+Tab from the first) leaves the menu: it closes behind the focus.
      onBlur={(event) => {
        if (open && !box.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        className={`flex max-w-full gap-1 px-3 py-1.5 ${headerButtonClass}`}
      >
        {/* A long name shortens on a phone, so the product's name beside it stays whole. */}
        <span className="truncate">{name}</span> ▾
      </button>
      {open && (
        <div role="menu" className="absolute right-0 z-40 mt-1 w-48 rounded border border-slate-200 bg-white py-1 shadow-lg">
          {externalChangePassword ? (
            <a role="menuitem" href={externalChangePassword} className={itemClass}>
              Change Password
            </a>
          ) : (
            <Link role="menuitem" to="/account/password" className={itemClass} onClick={() => setOpen(false)}>
              Change Password
            </Link>
          )}
          <Link role="menuitem" to="/account/security" className={itemClass} onClick={() => setOpen(false)}>
            Security
          </Link>
          <button role="menuitem" type="button" className={itemClass} onClick={() => void signOut()}>
            Logout
          </button>
        </div>
      )}
    </div>
  );
}
