import { trayActions } from '#src/features/quotes/tray-store.ts';
import { selection, useSelectedCount } from './selection.ts';

/**
 * While rows are selected: how many, 'Add to quote', which moves them into the tray and opens it,
 * and for admins 'Edit selected' (docs/design.md §8.4).
 */
export function SelectionBar({ onAdded, onEdit }: { onAdded: () => void; onEdit?: (() => void) | undefined }) {
  const count = useSelectedCount();
  if (count === 0) return null;
  return (
    <div
      role="region"
      aria-label="Selection"
      className="mb-3 flex flex-wrap items-center gap-3 rounded bg-brand/10 px-3 py-2 text-sm print:hidden"
    >
      <span aria-live="polite">{count} selected</span>
      <button
        type="button"
        className="rounded bg-brand px-3 py-1.5 font-medium text-white"
        onClick={() => {
          trayActions.add(selection.rows());
          selection.clear();
          onAdded();
        }}
      >
        Add to quote
      </button>
      {onEdit && (
        <button type="button" className="rounded border border-brand px-3 py-1.5 font-medium text-brand" onClick={onEdit}>
          Edit selected
        </button>
      )}
      <button type="button" className="underline" onClick={selection.clear}>
        Clear selection
      </button>
    </div>
  );
}
