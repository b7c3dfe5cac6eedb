import { hashKey } from '@tanstack/react-query';
import { getStoredUser } from './session.ts';

// The total a list last answered for its filters, kept for this tab across page loads, so "All"
// opened by a reload or a link sends a total without a one-row call first (pagedListQuery checks
// the answer, and asks again when the list has grown since). In sessionStorage: a new tab, or a
// browser opened again, counts afresh. Keyed by who asked too: a list's rows depend on the role.
const KEY = 'listTotals';
// Each search typed is a set of filters of its own: the latest few are kept.
const KEPT = 20;

type Totals = Record<string, number>;

function readTotals(): Totals {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Totals) : {};
  } catch {
    return {};
  }
}

const entryKey = (call: string, filters: unknown) => hashKey([call, filters, getStoredUser()]);

/** The total `call` last answered with these filters in this tab, if any. */
export function rememberedTotal(call: string, filters: unknown): number | undefined {
  const total = readTotals()[entryKey(call, filters)];
  return typeof total === 'number' && Number.isInteger(total) && total > 0 ? total : undefined;
}

export function rememberTotal(call: string, filters: unknown, total: number) {
  const key = entryKey(call, filters);
  const totals = readTotals();
  if (totals[key] === total) return;
  delete totals[key];
  totals[key] = total;
  const kept = Object.entries(totals).slice(-KEPT);
  try {
    sessionStorage.setItem(KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Storage full or refused: All then asks for its total first, as it would in a new tab.
  }
}
