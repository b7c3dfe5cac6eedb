import { divideHalfUp, powerOfTen, scaledText, toScaled, type DecimalInput, type Scaled } from './decimal.ts';

/** The pricing variables as the API sends them: decimal strings. */
export type PriceVariables = { exch: string; fare: string; duties: string; profit: string };

/** The same variables parsed once, so a list of thousands of rows does not re-parse them per row. */
export type PreparedPriceVariables = {
  readonly exch: Scaled;
  readonly fare: Scaled;
  readonly duties: Scaled;
  readonly profit: Scaled;
};

/** Whole amounts of local currency: every product is rounded, and sums of whole numbers stay whole. */
export type Prices = {
  readonly pkr: bigint;
  readonly fare: bigint;
  readonly duties: bigint;
  readonly cost: bigint;
  readonly profit: bigint;
  readonly total: bigint;
};

/** Throws when a variable is not a decimal number. */
export function preparePriceVariables(vars: PriceVariables): PreparedPriceVariables {
  return {
    exch: toScaled(vars.exch),
    fare: toScaled(vars.fare),
    duties: toScaled(vars.duties),
    profit: toScaled(vars.profit),
  };
}

/** A whole amount times a variable, rounded half up to a whole amount. */
const times = (amount: bigint, factor: Scaled) => divideHalfUp(amount * factor.units, powerOfTen(factor.scale));

/**
 * docs/design.md §6: round half up at each step docs/product.md names, on exact decimals. Each later step works from
 * the already rounded figures, so the columns shown always add up. Each product of two scaled
 * decimals is exact in bigint; only the division back to whole amounts rounds.
 * Throws when usd or a variable is not a decimal number.
 */
export function computePrices(usd: DecimalInput, vars: PriceVariables | PreparedPriceVariables): Prices {
  const v = isPrepared(vars) ? vars : preparePriceVariables(vars);
  const price = toScaled(usd);
  const pkr = divideHalfUp(price.units * v.exch.units, powerOfTen(price.scale + v.exch.scale));
  const fare = times(pkr, v.fare);
  const duties = times(pkr, v.duties);
  const cost = pkr + fare + duties;
  const profit = times(cost, v.profit);
  const total = cost + profit;
  return { pkr, fare, duties, cost, profit, total };
}

function isPrepared(vars: PriceVariables | PreparedPriceVariables): vars is PreparedPriceVariables {
  return typeof vars.exch !== 'string';
}

/**
 * Capacity in tons of refrigeration, kW ÷ tr, half up to exactly 2 decimals.
 * It fills a table cell, so it never throws: '-' for an empty capacity or an unusable divisor.
 */
export function capacityTr(kw: number | null, tr: string | Scaled): string {
  if (kw === null) return '-';
  try {
    const divisor = typeof tr === 'string' ? toScaled(tr) : tr;
    if (divisor.units <= 0n) return '-';
    const capacity = toScaled(kw);
    // kW/10^a ÷ tr/10^b in hundredths is kW × 10^(b+2) ÷ (tr × 10^a), one exact rounded division.
    const hundredths = divideHalfUp(capacity.units * powerOfTen(divisor.scale + 2), divisor.units * powerOfTen(capacity.scale));
    return scaledText(hundredths, 2);
  } catch {
    return '-';
  }
}
