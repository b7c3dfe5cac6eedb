import type { ModelRow } from '#src/contract/models.ts';
import { toScaled, type Scaled } from './decimal.ts';
import { modelFieldsSeen, type ModelFieldsSeen } from './model-fields.ts';
import {
  capacityTr,
  computePrices,
  preparePriceVariables,
  type PreparedPriceVariables,
  type PriceVariables,
  type Prices,
} from './prices.ts';
import type { SessionUser } from './roles.ts';
import { hasAllVariables, type SomeVariables } from './variables-seen.ts';

/**
 * What a models list row's computed columns read: its local-currency figures (null when the
 * variables are unknown or unusable, or the row carries the server's Total instead of its USD
 * price) and its capacity in TR ('-' without one). The screen and the export both read these, so
 * a sheet shows the screen's figures.
 */
export type ModelFigures = {
  prices: (row: ModelRow) => Prices | null;
  capacityTr: (row: ModelRow) => string;
};

/** A parse that fails stands for "cannot be worked out": the cells show '-'. */
function parsedOrNull<T>(parse: () => T): T | null {
  try {
    return parse();
  } catch {
    return null;
  }
}

/**
 * The prices of a USD price at these variables, parsed once. The six price cells of a row ask one
 * after another, and a list sorted by price asks for runs of one price, so the last answer is kept
 * for the next: a cache of every price cost an export more in hashing than the pricing itself.
 */
function pricesOfUsd(variables: PriceVariables | null): (usd: number) => Prices | null {
  const prepared: PreparedPriceVariables | null = variables ? parsedOrNull(() => preparePriceVariables(variables)) : null;
  let lastUsd: number | undefined;
  let lastPrices: Prices | null = null;
  return (usd) => {
    if (!prepared) return null;
    if (usd !== lastUsd) {
      lastUsd = usd;
      lastPrices = parsedOrNull(() => computePrices(usd, prepared));
    }
    return lastPrices;
  };
}

/**
 * The variables are parsed once, and prices are worked out when a cell first asks: of 10,000 rows
 * on screen, only those rendered cost anything. A Sales user's answer has the rate alone, and their
 * rows the server's Total: their price cells read that (src/domain/model-columns.ts).
 */
export function modelFigures(variables: SomeVariables | undefined): ModelFigures {
  const pricesOf = pricesOfUsd(variables && hasAllVariables(variables) ? variables : null);
  const tr: Scaled | null = variables ? parsedOrNull(() => toScaled(variables.tr)) : null;
  return {
    prices: (row) => (row.modelPriceUsd === undefined ? null : pricesOf(row.modelPriceUsd)),
    capacityTr: (row) => (tr ? capacityTr(row.modelCapacityKW, tr) : '-'),
  };
}

/**
 * The Total of a USD price at these variables, for the roles that receive it instead of the price
 * (docs/design.md §8.9): the list's own figure, whole rupees as a JSON integer, or null where the
 * list shows '-' (or, past 2^53, where a JSON number could not hold it exactly).
 */
export function modelTotals(variables: PriceVariables): (usd: number) => number | null {
  const pricesOf = pricesOfUsd(variables);
  return (usd) => {
    const total = pricesOf(usd)?.total;
    return total === undefined || total > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(total);
  };
}

/**
 * What a `models` row holds for a user, for the server and the mocks alike: the fields it receives
 * and, for those who receive the Total instead of the USD price, the Total of a price at the
 * stored variables (the list's own figure, modelTotals above).
 */
export type ModelRowShape = { seen: ModelFieldsSeen; totalOf: ((usd: number) => number | null) | null };

export function modelRowShape(user: SessionUser, variables: PriceVariables): ModelRowShape {
  const seen = modelFieldsSeen(user);
  return { seen, totalOf: seen.modelTotal ? modelTotals(variables) : null };
}
