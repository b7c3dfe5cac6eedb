import { useAppUpdate } from '#src/lib/app-update.ts';

/**
 * 'A new version is available.' with its Reload, in a polite live region that is always there, so it
 * is read out when it fills (no role of its own: the screens' status lines stay the only `status`).
 */
export function UpdatePrompt() {
  const reload = useAppUpdate();
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-4 print:hidden">
      {reload && (
        <p className="pointer-events-auto flex items-center gap-3 rounded-lg bg-slate-900 px-4 py-3 text-sm text-white shadow-lg">
          A new version is available.
          <button type="button" className="rounded bg-white px-3 py-1 font-medium text-slate-900" onClick={reload}>
            Reload
          </button>
        </p>
      )}
    </div>
  );
}
