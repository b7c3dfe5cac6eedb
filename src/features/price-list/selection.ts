import { useSyncExternalStore } from 'react';
import type { ModelRow } from '#src/contract/models.ts';

// The models list's selection (docs/design.md §8.1), outside React's state: a checkbox subscribes
// to its own row only, so ticking one re-renders that checkbox and the bar, never the table.

let selected = new Map<number, ModelRow>();
const listeners = new Set<() => void>();

function change(next: Map<number, ModelRow>) {
  selected = next;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useIsSelected = (id: number): boolean => useSyncExternalStore(subscribe, () => selected.has(id));
export const useSelectedCount = (): number => useSyncExternalStore(subscribe, () => selected.size);
/** Whether every one of these rows is selected (the page's checkbox). */
export const useAllSelected = (rows: readonly ModelRow[]): boolean =>
  useSyncExternalStore(subscribe, () => rows.length > 0 && rows.every((row) => selected.has(row.id)));

export const selection = {
  toggle: (row: ModelRow, on: boolean) => {
    const next = new Map(selected);
    if (on) next.set(row.id, row);
    else next.delete(row.id);
    change(next);
  },
  setAll: (rows: readonly ModelRow[], on: boolean) => {
    const next = new Map(selected);
    for (const row of rows) {
      if (on) next.set(row.id, row);
      else next.delete(row.id);
    }
    change(next);
  },
  rows: (): ModelRow[] => [...selected.values()],
  clear: () => change(new Map()),
};
