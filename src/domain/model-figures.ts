import type { ModelRow } from '#src/contract/models.ts';
import type { Variables } from '#src/contract/variables.ts';
import { capacityTr, computePrices, preparePriceVariables, type PreparedPriceVariables, type Prices } from './prices.ts';

/**
 * What a models list row's computed columns read: its local-currency figures (null when the
 * variables are unknown or unusable) and its capacity in TR ('-' without one). The screen and the
 * export both read these, so a sheet shows the screen's figures.
 */
export type ModelFigures = {
  prices: (row: ModelRow) => Prices | null;
  capacityTr: (row: ModelRow) => string;
};

function prepare(variables: Variables | undefined): PreparedPriceVariables | null {
  if (!variables) return null;
  try {
    return preparePriceVariables(variables);
  } catch {
    return null;
  }
}

/**
 * The variables are parsed once, and a row's prices worked out once for the six cells that show
 * them, when a cell first asks: of 10,000 rows on screen, only those rendered cost anything.
 */
export function modelFigures(variables: Variables | undefined): ModelFigures {
  const prepared = prepare(variables);
  const cache = new WeakMap<ModelRow, Prices | null>();
  const tr = variables?.tr ?? '';
  return {
    prices: (row) => {
      if (!prepared) return null;
      let prices = cache.get(row);
      if (prices === undefined) {
        try {
          prices = computePrices(row.modelPriceUsd, prepared);
        } catch {
          prices = null;
        }
        cache.set(row, prices);
      }
      return prices;
    },
    capacityTr: (row) => capacityTr(row.modelCapacityKW, tr),
  };
}
