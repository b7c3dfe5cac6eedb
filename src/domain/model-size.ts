import { SIZE_TEXT } from '#src/contract/model-words.ts';
import { divideHalfUp, powerOfTen, scaledText, toScaled, type Scaled } from './decimal.ts';

// docs/design.md §8.8: a model's size is what customers ask for, "a 1.5-ton": its Capacity-KW ÷ TR
// rounded half up to the nearest quarter ton, written with two decimals ("1.50"). Exact decimals
// throughout: a size decides which rows a filter shows, so a float's 1.4999… must never drop one.

/** TR as an exact decimal, or null when no size can be worked out with it (not a number, not above 0). */
function usableTr(tr: string | Scaled): Scaled | null {
  try {
    const divisor = typeof tr === 'string' ? toScaled(tr) : tr;
    return divisor.units > 0n ? divisor : null;
  } catch {
    return null;
  }
}

/** Quarters of a ton as the size's text: 6 quarters is "1.50". */
const quartersText = (quarters: bigint) => scaledText(quarters * 25n, 2);

/** The size of a capacity in kW, or null for a model with no capacity (or a TR that gives none). */
export function sizeOfCapacity(kw: number | null, tr: string | Scaled): string | null {
  const divisor = usableTr(tr);
  if (kw === null || divisor === null) return null;
  const capacity = toScaled(kw);
  // kW/10^a ÷ tr/10^b in quarters is kW × 4 × 10^b ÷ (tr × 10^a), one exact rounded division.
  return quartersText(divideHalfUp(capacity.units * 4n * powerOfTen(divisor.scale), divisor.units * powerOfTen(capacity.scale)));
}

/** The distinct sizes of these capacities, ascending; capacities without a size add none. */
export function sizesOf(capacities: Iterable<number | null>, tr: string): string[] {
  const divisor = usableTr(tr);
  if (divisor === null) return [];
  const sizes = new Set<string>();
  for (const kw of capacities) {
    const size = sizeOfCapacity(kw, divisor);
    if (size !== null) sizes.add(size);
  }
  // Same number of decimals, so comparing as numbers is exact here.
  return [...sizes].sort((a, b) => Number(a) - Number(b));
}

/** n ÷ d rounded up, for d > 0 (bigint division cuts toward zero). */
const ceilDivide = (n: bigint, d: bigint) => (n > 0n ? (n + d - 1n) / d : n / d);

/**
 * The capacities, in whole thousandths of a kW as they are kept (the contract's capacityField
 * takes at most 3 decimals), whose size is `size`: from `fromMilliKw` up to, not including,
 * `belowMilliKw`. A size of q quarters is every kW with q − ½ ≤ kW × 4 ÷ TR < q + ½ (halves
 * round up), so kW from (2q − 1) × TR ÷ 8 to below (2q + 1) × TR ÷ 8, that is thousandths
 * (2q ∓ 1) × TR × 125; for whole thousandths both ends round up. Null for a text that is not a
 * size, or a TR that gives none.
 */
export function capacityRangeOfSize(size: string, tr: string): { fromMilliKw: number; belowMilliKw: number } | null {
  const divisor = usableTr(tr);
  if (divisor === null || !SIZE_TEXT.test(size)) return null;
  const hundredths = toScaled(size).units;
  if (hundredths % 25n !== 0n) return null;
  const quarters = hundredths / 25n;
  const scale = powerOfTen(divisor.scale);
  const end = (twiceQuartersPlus: bigint) => Number(ceilDivide(twiceQuartersPlus * divisor.units * 125n, scale));
  return { fromMilliKw: end(2n * quarters - 1n), belowMilliKw: end(2n * quarters + 1n) };
}

/** A size as the Size select names it: '0.75 ton', '1 ton', '1.5 ton' (trailing zeros dropped). */
export const sizeLabel = (size: string) => `${size.replace(/\.?0+$/, '')} ton`;

/**
 * A size as a link may carry it (`?size=1.50`, which the router reads as the number 1.5), in the
 * wire form; undefined for anything that is not a whole number of quarter tons.
 */
export function sizeFromLink(value: unknown): string | undefined {
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  try {
    const { units, scale } = toScaled(value);
    // Numbers arrive in thousandths (1.5 is 1500 at scale 3): a size has no place past the hundredths.
    const extra = scale - 2;
    if (extra > 0 && units % powerOfTen(extra) !== 0n) return undefined;
    const hundredths = extra > 0 ? units / powerOfTen(extra) : units * powerOfTen(-extra);
    if (hundredths < 0n || hundredths % 25n !== 0n) return undefined;
    const text = quartersText(hundredths / 25n);
    return SIZE_TEXT.test(text) ? text : undefined;
  } catch {
    return undefined;
  }
}
