import { computePrices, type PreparedPriceVariables } from './prices.ts';

/** What the stock of one model is worth: quantity × its Total at the given variables. */
export type StockLine = { quantity: number; priceUsd: number | string };

/**
 * The stock value (docs/design.md §7.3): Σ quantity × Total, exact. Each Total is the list's own
 * figure (computePrices, rounded as the screen rounds), so the sum is what the screen's rows add up to.
 * Callers feed it in slices, carrying the sum: a catalogue of any size is never held at once.
 */
export function addStockValue(sum: bigint, lines: Iterable<StockLine>, vars: PreparedPriceVariables): bigint {
  let total = sum;
  for (const line of lines) total += computePrices(line.priceUsd, vars).total * BigInt(line.quantity);
  return total;
}

export const NO_STOCK_VALUE = 0n;
