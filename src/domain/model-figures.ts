import type { ModelRow } from '#src/contract/models.ts';
import type { Variables } from '#src/contract/variables.ts';
import { toScaled, type Scaled } from './decimal.ts';
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

/** A parse that fails stands for "cannot be worked out": the cells show '-'. */
function parsedOrNull<T>(parse: () => T): T | null {
  try {
    return parse();
  } catch {
    return null;
  }
}

/**
 * The variables are parsed once, and prices are worked out when a cell first asks: of 10,000 rows
 * on screen, only those rendered cost anything. They depend on the USD price alone, and the six
 * price cells of a row ask one after another, so the last answer is kept for the next cell: a
 * cache of every price cost an export more in hashing than the pricing itself.
 */
export function modelFigures(variables: Variables | undefined): ModelFigures {
  const prepared: PreparedPriceVariables | null = variables ? parsedOrNull(() => preparePriceVariables(variables)) : null;
  const tr: Scaled | null = variables ? parsedOrNull(() => toScaled(variables.tr)) : null;
  let lastUsd: number | undefined;
  let lastPrices: Prices | null = null;
  return {
    prices: (row) => {
      if (!prepared) return null;
      if (row.modelPriceUsd !== lastUsd) {
        lastUsd = row.modelPriceUsd;
        lastPrices = parsedOrNull(() => computePrices(row.modelPriceUsd, prepared));
      }
      return lastPrices;
    },
    capacityTr: (row) => (tr ? capacityTr(row.modelCapacityKW, tr) : '-'),
  };
}
