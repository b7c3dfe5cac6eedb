import { useRef, type ReactNode, type RefObject } from 'react';
import { keepTabInside, useDialogFocus } from './dialog-focus.ts';

type Props = {
  role: 'dialog' | 'alertdialog';
  /** The id of the element that names the dialog. */
  labelledBy: string;
  /** The safe answer: focused when the dialog opens. */
  cancel: RefObject<HTMLButtonElement | null>;
  onCancel: () => void;
  className: string;
  /** A dialog holding a table (a bulk edit's preview): wider, and scrolling inside when taller than the screen. */
  wide?: boolean;
  children: ReactNode;
};

/**
 * The frame of every in-page modal (docs/design.md §7.7): the dimmed page, the panel named by its
 * title or question, focus on the safe answer, Escape as Cancel, Tab kept inside.
 */
export function ModalFrame({ role, labelledBy, cancel, onCancel, className, wide = false, children }: Props) {
  const dialog = useRef<HTMLDivElement>(null);
  useDialogFocus(cancel);
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-4">
      <div
        ref={dialog}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        className={`w-full rounded-lg bg-white ${wide ? 'max-h-[calc(100dvh-2rem)] max-w-3xl overflow-y-auto' : 'max-w-md'} ${className}`}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
          keepTabInside(event, dialog.current);
        }}
      >
        {children}
      </div>
    </div>
  );
}
