import { appMessages } from '#src/contract/app-messages.ts';

/**
 * Under a list whose call failed (docs/design.md §7.7): a status line, not an alert, since
 * docs/product.md §8 gives a failed list no user message; the rows above stay as they were.
 */
export function FailedLine({ retry }: { retry: () => void }) {
  return (
    <p role="status" className="mt-3 flex items-center gap-3 text-sm text-slate-700">
      {appMessages.couldNotLoad}
      <button type="button" onClick={retry} className="rounded border border-slate-300 px-3 py-1 font-medium hover:bg-slate-100">
        Retry
      </button>
    </p>
  );
}
