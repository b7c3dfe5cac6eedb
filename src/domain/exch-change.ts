import { divideHalfUp, rescale, scaledText, toScaled, type Scaled } from './decimal.ts';

/** docs/design.md §7.7: a new rate more than this far from the current one is asked about first. */
export const EXCH_CONFIRM_PERCENT = 20;

/** Both rates as whole numbers of the same unit, so their difference and ratio are exact. */
function sameScale(a: Scaled, b: Scaled): [bigint, bigint] {
  const scale = Math.max(a.scale, b.scale);
  return [rescale(a, scale), rescale(b, scale)];
}

/**
 * The change from the current exchange rate to a typed one, in percent to one decimal, signed
 * (`+10214.6`, `-50.0`), with whether it is large enough to ask first. Exact: a rate of 337.38
 * after 281.15 is exactly +20 % and is not asked about. Null when either text is not a positive
 * decimal: the server's own checks answer then.
 */
export function exchChange(current: string, next: string): { percent: string; large: boolean } | null {
  let from, to;
  try {
    [from, to] = sameScale(toScaled(current), toScaled(next));
  } catch {
    return null;
  }
  if (from <= 0n || to <= 0n) return null;
  const difference = to - from;
  // Tenths of a percent: difference ÷ from × 1000, rounded half away from zero.
  const tenths = divideHalfUp(difference * 1000n, from);
  const magnitude = difference < 0n ? -difference : difference;
  return {
    percent: difference >= 0n ? `+${scaledText(tenths, 1)}` : scaledText(tenths, 1),
    large: magnitude * 100n > BigInt(EXCH_CONFIRM_PERCENT) * from,
  };
}
