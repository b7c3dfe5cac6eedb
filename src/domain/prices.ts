import Big from 'big.js';
import { HALF_UP, roundHalfUp, toDecimal } from './decimal.ts';
import type { DecimalInput } from './decimal.ts';

/** The pricing variables as the API sends them: decimal strings. */
export type PriceVariables = { exch: string; fare: string; duties: string; profit: string };

/** The same variables parsed once, so a list of thousands of rows does not re-parse them per row. */
export type PreparedPriceVariables = {
  readonly exch: Big;
  readonly fare: Big;
  readonly duties: Big;
  readonly profit: Big;
};

/** Whole amounts of local currency: every product is rounded, and sums of whole numbers stay whole. */
export type Prices = {
  readonly pkr: Big;
  readonly fare: Big;
  readonly duties: Big;
  readonly cost: Big;
  readonly profit: Big;
  readonly total: Big;
};

/** Throws when a variable is not a decimal number. */
export function preparePriceVariables(vars: PriceVariables): PreparedPriceVariables {
  return {
    exch: toDecimal(vars.exch),
    fare: toDecimal(vars.fare),
    duties: toDecimal(vars.duties),
    profit: toDecimal(vars.profit),
  };
}

/**
 * docs/design.md §6: round half up at each step docs/product.md names, on exact decimals. Each later step works from
 * the already rounded figures, so the columns shown always add up.
 * Throws when usd or a variable is not a decimal number.
 */
export function computePrices(usd: DecimalInput, vars: PriceVariables | PreparedPriceVariables): Prices {
  const v = isPrepared(vars) ? vars : preparePriceVariables(vars);
  const pkr = roundHalfUp(toDecimal(usd).times(v.exch));
  const fare = roundHalfUp(pkr.times(v.fare));
  const duties = roundHalfUp(pkr.times(v.duties));
  const cost = pkr.plus(fare).plus(duties);
  const profit = roundHalfUp(cost.times(v.profit));
  const total = cost.plus(profit);
  return { pkr, fare, duties, cost, profit, total };
}

function isPrepared(vars: PriceVariables | PreparedPriceVariables): vars is PreparedPriceVariables {
  return typeof vars.exch !== 'string';
}

// Cutting the quotient off (not rounding it) at 3 places keeps the later half-up round to 2 exact:
// the half-way points have 3 places, so truncation never carries a value across one. Any more
// places would only cost time, and this runs once per row of a list of thousands.
const TrQuotient = Big();
TrQuotient.DP = 3;
TrQuotient.RM = Big.roundDown;
TrQuotient.strict = false;

/**
 * Capacity in tons of refrigeration, kW ÷ tr, half up to exactly 2 decimals.
 * It fills a table cell, so it never throws: '-' for an empty capacity or an unusable divisor.
 */
export function capacityTr(kw: number | null, tr: string): string {
  if (kw === null) return '-';
  try {
    const divisor = toDecimal(tr);
    if (divisor.lte(0)) return '-';
    return new TrQuotient(kw).div(divisor).toFixed(2, HALF_UP);
  } catch {
    return '-';
  }
}
