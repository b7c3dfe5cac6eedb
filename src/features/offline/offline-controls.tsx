import { createContext, use } from 'react';
import { sheetMessages } from '#src/domain/saved-sheet.ts';

/** Offline, the id of the line that says why a control does nothing; null online. */
export const OfflineContext = createContext<string | null>(null);

export const useOffline = () => use(OfflineContext) !== null;

/** The line every disabled control points to (aria-describedby), once on the screen. */
export function OfflineReason({ id }: { id: string }) {
  return (
    <p id={id} className="sr-only">
      {sheetMessages.notOffline}
    </p>
  );
}

/**
 * A control that needs the server, shown offline as itself but disabled, with its reason as a
 * tooltip and as its description (docs/design.md §8.6: every write disabled, and said why).
 */
export function OfflineDisabled({ children, small = false }: { children: string; small?: boolean }) {
  const reasonId = use(OfflineContext) ?? undefined;
  return (
    <button
      type="button"
      disabled
      title={sheetMessages.notOffline}
      aria-describedby={reasonId}
      className={small ? 'text-slate-500' : 'rounded border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-500'}
    >
      {children}
    </button>
  );
}
