import { divideHalfUp, powerOfTen, scaledText, toScaled } from './decimal.ts';

/**
 * A model's size in tons as customers ask for it (docs/design.md §8.8): its Capacity-KW ÷ TR
 * rounded to the nearest 0.25, halves up, as text with two places ('1.50'). One exact division,
 * so 5.275 kW at TR 3.5167 (1.49998…) is '1.50'. Null when it cannot be worked out: no capacity,
 * or a TR that is not a positive number.
 */
export function tonsOf(capacityKw: string | number, tr: string): string | null {
  if (typeof capacityKw === 'string' && capacityKw.trim() === '') return null;
  try {
    const divisor = toScaled(tr);
    if (divisor.units <= 0n) return null;
    const capacity = toScaled(capacityKw);
    // kW/10^a ÷ tr/10^b in quarters is kW × 10^b × 4 ÷ (tr × 10^a), rounded once.
    const quarters = divideHalfUp(capacity.units * powerOfTen(divisor.scale) * 4n, divisor.units * powerOfTen(capacity.scale));
    return scaledText(quarters * 25n, 2);
  } catch {
    return null;
  }
}

/** A size as the screens say it: '1.5 ton', '1 ton', '0.75 ton' (trailing zeros dropped). */
export const tonLabel = (tons: string) => `${Number(tons)} ton`;
