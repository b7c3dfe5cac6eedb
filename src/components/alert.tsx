import type { ReactNode } from 'react';
import type { WriteResponse } from '#src/contract/common.ts';

const styles: Record<WriteResponse['responseFlag'], string> = {
  success: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  danger: 'border-red-300 bg-red-50 text-red-900',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
  info: 'border-sky-300 bg-sky-50 text-sky-900',
};

// `inline` sits in a row of controls at their height, so showing it moves nothing below.
const layouts = {
  block: 'mb-4 px-4 py-3',
  inline: 'px-3 py-2 text-sm leading-5',
};

/** The server's message, styled by its flag (docs/product.md §2 Add Stock, §8), until dismissed; `action` is a button beside it (the EXCH box's Undo). */
export function Alert({
  alert,
  onDismiss,
  layout = 'block',
  action,
}: {
  alert: WriteResponse;
  onDismiss: () => void;
  layout?: keyof typeof layouts;
  action?: ReactNode;
}) {
  return (
    <div role="alert" className={`flex items-start justify-between gap-4 rounded border ${layouts[layout]} ${styles[alert.responseFlag]}`}>
      <span>{alert.responseMessage}</span>
      {action}
      <button type="button" onClick={onDismiss} aria-label="Dismiss" className="text-lg leading-none opacity-70 hover:opacity-100">
        ×
      </button>
    </div>
  );
}
