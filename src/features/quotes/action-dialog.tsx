import { useId, useRef, type ReactNode } from 'react';
import { ModalFrame } from '#src/components/modal-frame.tsx';
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
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <ModalFrame role="dialog" labelledBy={titleId} cancel={cancel} onCancel={onCancel} className="p-5 shadow-xl">
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
    </ModalFrame>
  );
}
