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
 * The variables are parsed once, and the prices of a USD price worked out once for every cell and
 * row that shows them, when a cell first asks: of 10,000 rows on screen, only those rendered cost
 * anything, and an export works out each distinct price once. They depend on the USD price alone.
 */
export function modelFigures(variables: Variables | undefined): ModelFigures {
  const prepared = prepare(variables);
  const cache = new Map<number, Prices | null>();
  const tr = variables?.tr ?? '';
  return {
    prices: (row) => {
      if (!prepared) return null;
      let prices = cache.get(row.modelPriceUsd);
      if (prices === undefined) {
        try {
          prices = computePrices(row.modelPriceUsd, prepared);
        } catch {
          prices = null;
        }
        cache.set(row.modelPriceUsd, prices);
      }
      return prices;
    },
    capacityTr: (row) => capacityTr(row.modelCapacityKW, tr),
  };
}
