import type { WriteResponse } from '../contract/common.ts';

const styles: Record<WriteResponse['responseFlag'], string> = {
  success: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  danger: 'border-red-300 bg-red-50 text-red-900',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
  info: 'border-sky-300 bg-sky-50 text-sky-900',
};

/** The server's message, styled by its flag (SPEC.md §2 Add Stock, §8), until dismissed. */
export function Alert({ alert, onDismiss }: { alert: WriteResponse; onDismiss: () => void }) {
  return (
    <div role="alert" className={`mb-4 flex items-start justify-between gap-4 rounded border px-4 py-3 ${styles[alert.responseFlag]}`}>
      <span>{alert.responseMessage}</span>
      <button type="button" onClick={onDismiss} aria-label="Dismiss" className="text-lg leading-none opacity-70 hover:opacity-100">
        ×
      </button>
    </div>
  );
}
