import { roundHalfUp, toDecimal } from './decimal.ts';

/** docs/design.md §7.7: a new rate more than this far from the current one is asked about first. */
export const EXCH_CONFIRM_PERCENT = 20;

/**
 * The change from the current exchange rate to a typed one, in percent to one decimal, signed
 * (`+10214.6`, `-50.0`), with whether it is large enough to ask first. Exact (big.js): a rate of
 * 337.38 after 281.15 is exactly +20 % and is not asked about. Null when either text is not a
 * positive decimal: the server's own checks answer then.
 */
export function exchChange(current: string, next: string): { percent: string; large: boolean } | null {
  let from, to;
  try {
    from = toDecimal(current);
    to = toDecimal(next);
  } catch {
    return null;
  }
  if (from.lte(0) || to.lte(0)) return null;
  const change = to.minus(from).div(from).times(100);
  const rounded = roundHalfUp(change, 1).toFixed(1);
  return { percent: change.gte(0) ? `+${rounded}` : rounded, large: change.abs().gt(EXCH_CONFIRM_PERCENT) };
}
