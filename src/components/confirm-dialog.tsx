import { useId, useRef, useState } from 'react';
import { ModalFrame } from './modal-frame.tsx';
import { appMessages } from '#src/contract/app-messages.ts';
import { exchChange } from '#src/domain/exch-change.ts';

type Props = {
  /** The question: the dialog's accessible name. */
  question: string;
  onConfirm: () => void;
  onCancel: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
};

/**
 * An in-page question before a step that hurts (docs/design.md §7.7): `role="alertdialog"` named
 * by its question. Focus starts on the safe answer; Escape is Cancel; Tab stays inside while it is
 * open. Cancel only closes it: the caller does nothing on that path.
 */
export function ConfirmDialog({ question, onConfirm, onCancel, confirmLabel = 'Continue', cancelLabel = 'Cancel' }: Props) {
  const id = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <ModalFrame role="alertdialog" labelledBy={id} cancel={cancel} onCancel={onCancel} className="p-6 shadow-lg">
      <p id={id} className="mb-6">
        {question}
      </p>
      <div className="flex justify-end gap-3">
        <button ref={cancel} type="button" onClick={onCancel} className="rounded border border-slate-300 px-4 py-2 hover:bg-slate-100">
          {cancelLabel}
        </button>
        <button type="button" onClick={onConfirm} className="rounded bg-brand px-4 py-2 font-medium text-white hover:bg-brand/90">
          {confirmLabel}
        </button>
      </div>
    </ModalFrame>
  );
}

/**
 * A question held until answered: `ask` shows it, and the action runs only on Continue. The
 * `dialog` element goes anywhere in the form.
 */
export function useConfirm() {
  const [pending, setPending] = useState<{ question: string; action: () => void } | null>(null);
  const dialog = pending && (
    <ConfirmDialog
      // A question asked right after another (a ratio, then EXCH) is a new dialog: focus starts on its Cancel.
      key={pending.question}
      question={pending.question}
      onCancel={() => setPending(null)}
      onConfirm={() => {
        setPending(null);
        pending.action();
      }}
    />
  );
  return { ask: (question: string, action: () => void) => setPending({ question, action }), dialog };
}

/**
 * Runs `send`, after asking first when the new exchange rate is more than 20 % from the current
 * one (docs/design.md §7.7; the rule in src/domain/exch-change.ts). Used by the EXCH box and the
 * Variables screen.
 */
export function confirmExchChange(confirm: ReturnType<typeof useConfirm>, current: string, next: string, send: () => void) {
  const change = exchChange(current, next);
  if (change?.large) confirm.ask(appMessages.exchChange(current, next.trim(), change.percent), send);
  else send();
}
