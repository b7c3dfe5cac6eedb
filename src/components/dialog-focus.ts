import { useEffect, type KeyboardEvent, type RefObject } from 'react';

// Keyboard focus of the in-page dialogs (docs/design.md §7.7): one copy for the modal frame
// (modal-frame.tsx: the confirm question, the quote's action dialogs) and the quote tray.

/** Focus starts on `first` when the dialog opens and goes back where it was when it closes, so a keyboard user carries on from the same place. */
export function useDialogFocus(first: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const before = document.activeElement;
    first.current?.focus();
    return () => (before instanceof HTMLElement ? before.focus() : undefined);
  }, [first]);
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex="0"]';

/** A modal dialog's Tab handler: Tab from its last control goes to its first, Shift+Tab from its first to its last. */
export function keepTabInside(event: KeyboardEvent, dialog: HTMLElement | null) {
  if (event.key !== 'Tab' || !dialog) return;
  const controls = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const edge = event.shiftKey ? controls[0] : controls.at(-1);
  if (document.activeElement === edge) {
    event.preventDefault();
    (event.shiftKey ? controls.at(-1) : controls[0])?.focus();
  }
}
