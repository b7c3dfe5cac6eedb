import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { headerButtonClass } from '#src/components/header-button.ts';

/** The id the Menu button names as the part it opens. */
export const SIDE_MENU_ID = 'side-menu';
const MENU_BUTTON_ID = 'side-menu-button';

type FoldingMenu = { open: boolean; toggle: () => void; close: () => void };

/**
 * Below 768 px the side menu folds behind the header's Menu button (CSS hides it; this state only
 * opens it). It closes on every route change and on Escape, which hands focus back to the button.
 */
export function useFoldingMenu(): FoldingMenu {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  // Every navigation folds it away: a menu item, a link on the screen, Back and Forward alike.
  useEffect(() => router.subscribe('onBeforeNavigate', () => setOpen(false)), [router]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      document.getElementById(MENU_BUTTON_ID)?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return { open, toggle: () => setOpen((value) => !value), close };
}

/** The header's button that shows the side menu at phone and tablet widths; hidden from 768 px. */
export function MenuButton({ menu }: { menu: FoldingMenu }) {
  return (
    <button
      id={MENU_BUTTON_ID}
      type="button"
      aria-expanded={menu.open}
      aria-controls={SIDE_MENU_ID}
      onClick={menu.toggle}
      className={`px-2 py-1.5 md:hidden print:hidden ${headerButtonClass}`}
    >
      <span aria-hidden="true">☰</span> Menu
    </button>
  );
}

/**
 * Behind the open menu at phone and tablet widths: it dims the screen the menu covers part of, and a
 * click on it closes the menu, as on any drawer. Pointer only: Escape is the keyboard's way out.
 */
export function MenuBackdrop({ menu }: { menu: FoldingMenu }) {
  if (!menu.open) return null;
  return <div aria-hidden="true" onClick={menu.close} className="absolute inset-0 z-20 bg-slate-900/40 md:hidden print:hidden" />;
}
