import { roundHalfUp, toDecimal } from './big-decimal.ts';

/** The variables that are ratios (0.06 = 6 %), in the Variables form's order. */
export const RATIO_VARIABLES = ['fare', 'duties', 'profit'] as const;
export type RatioVariable = (typeof RATIO_VARIABLES)[number];

/**
 * A ratio as a percentage, exactly (big.js): × 100, rounded half up to two decimals, with no
 * trailing zeros: '5' → '500', '1.234' → '123.4', '2.00005' → '200.01'. Null for text that is not
 * a decimal (the server's checks answer that).
 */
export function ratioPercent(ratio: string): string | null {
  try {
    return roundHalfUp(toDecimal(ratio).times(100), 2).toFixed();
  } catch {
    return null;
  }
}

/**
 * The first ratio above 1 in the form's order, with its value as typed and its percentage: saving
 * it asks first (docs/design.md §8.8): FARE 5, typed for 5 %, would add 500 % to every price.
 */
export function firstLargeRatio(values: Record<RatioVariable, string>): { name: RatioVariable; value: string; percent: string } | null {
  for (const name of RATIO_VARIABLES) {
    const value = values[name].trim();
    const percent = ratioPercent(value);
    if (percent !== null && toDecimal(value).gt(1)) return { name, value, percent };
  }
  return null;
}
