import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useCloseOutside } from './use-close-outside.ts';

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), a[href]';

type Props = {
  /** The button's text, which names the panel too. */
  label: string;
  /** The panel's content; `close` shuts it, and the focus goes back to the button. */
  children: (close: () => void) => ReactNode;
};

/**
 * A button that opens a panel of plain controls under it (the lists' Views and Columns,
 * docs/design.md §8.4): a disclosure, so Tab walks its buttons and checkboxes as anywhere else.
 * Opening focuses the panel's first control; Escape closes it and hands focus back to the button;
 * Tab out of it, or a press elsewhere, closes it behind the focus. At phone width the panel keeps
 * inside the screen.
 */
export function Popover({ label, children }: Props) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useCloseOutside(open, box, close);

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const toggle = button.current;
    // Closed from inside (Escape, a choice), the focus went with the panel: it goes back to the
    // button. Closed by a press or Tab elsewhere, it stays where it went.
    return () => {
      if (document.activeElement === document.body) toggle?.focus();
    };
  }, [open]);

  return (
    <div
      ref={box}
      className="relative"
      onKeyDown={(event) => {
        if (open && event.key === 'Escape') {
          event.preventDefault();
          close();
        }
      }}
      onBlur={(event) => {
        if (open && event.relatedTarget !== null && !box.current?.contains(event.relatedTarget as Node)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
        className="rounded border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
      >
        {label} ▾
      </button>
      {open && (
        <div
          ref={panel}
          id={panelId}
          role="group"
          aria-label={label}
          // At phone width the button may stand anywhere in its row: the panel spans the screen under it.
          className="fixed inset-x-4 z-40 mt-1 rounded border border-slate-200 bg-white p-2 shadow-lg sm:absolute sm:inset-x-auto sm:right-0 sm:w-72"
        >
          {children(close)}
        </div>
      )}
    </div>
  );
}
