import { useSyncExternalStore } from 'react';
import type { ModelRow } from '#src/contract/models.ts';

// The quote tray (docs/design.md §8.1): the models picked from the list with their quantity and
// discount, and the customer being typed, kept in sessionStorage until the quote is saved.

export type TrayLine = { row: ModelRow; qty: string; discountPerUnit: string };
export type TrayCustomer = { customerName: string; customerPhone: string; note: string; validUntil: string };
export type Tray = { lines: TrayLine[]; customer: TrayCustomer | null };

const KEY = 'quote-tray';
const empty: Tray = { lines: [], customer: null };

function read(): Tray {
  try {
    const stored = sessionStorage.getItem(KEY);
    return stored ? (JSON.parse(stored) as Tray) : empty;
  } catch {
    return empty;
  }
}

let tray: Tray = read();
const listeners = new Set<() => void>();

function write(next: Tray) {
  tray = next;
  if (next.lines.length === 0 && next.customer === null) sessionStorage.removeItem(KEY);
  else sessionStorage.setItem(KEY, JSON.stringify(next));
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useTray = (): Tray => useSyncExternalStore(subscribe, () => tray);

export const trayActions = {
  /** Adds the models not in the tray yet, one of each. */
  add: (rows: readonly ModelRow[]) => {
    const inTray = new Set(tray.lines.map((line) => line.row.id));
    const added = rows.filter((row) => !inTray.has(row.id)).map((row) => ({ row, qty: '1', discountPerUnit: '0' }));
    write({ ...tray, lines: [...tray.lines, ...added] });
  },
  remove: (modelId: number) => write({ ...tray, lines: tray.lines.filter((line) => line.row.id !== modelId) }),
  /** What the form holds now, kept so a reload or another screen finds it. */
  keep: (lines: readonly Pick<TrayLine, 'qty' | 'discountPerUnit'>[], customer: TrayCustomer | null) =>
    write({
      lines: tray.lines.map((line, index) => ({
        ...line,
        qty: lines[index]?.qty ?? line.qty,
        discountPerUnit: lines[index]?.discountPerUnit ?? line.discountPerUnit,
      })),
      customer,
    }),
  clear: () => write(empty),
  /** The tests' fresh start: what sessionStorage holds now. */
  reload: () => {
    tray = read();
    listeners.forEach((listener) => listener());
  },
};
