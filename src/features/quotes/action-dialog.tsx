import { useId, useRef, type ReactNode } from 'react';
import { keepTabInside, useDialogFocus } from '#src/components/dialog-focus.ts';
import { BusyButton } from '#src/components/busy-button.tsx';

type Props = {
  title: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
};

/** An in-page dialog asking what an action needs (Won's stock, Lost's reason, Revise's rate); Cancel changes nothing. Tab stays inside; closed, focus goes back to its button. */
export function ActionDialog({ title, confirmLabel, busy, onConfirm, onCancel, children }: Props) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useDialogFocus(cancel);
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-4">
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="w-full max-w-md rounded-lg bg-white p-5 shadow-xl"
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
          keepTabInside(event, dialog.current);
        }}
      >
        <h2 id={titleId} className="mb-4 text-lg font-semibold">
          {title}
        </h2>
        {children}
        <div className="mt-4 flex justify-end gap-3">
          <button ref={cancel} type="button" onClick={onCancel} className="rounded border border-slate-300 px-4 py-2 text-sm">
            Cancel
          </button>
          <BusyButton busy={busy} onClick={onConfirm}>
            {confirmLabel}
          </BusyButton>
        </div>
      </div>
    </div>
  );
}
