import { bulkMessages, type PriceChange } from '#src/contract/bulk-update.ts';
import { MAX_PRICE_USD, priceTooLargeMessage } from '#src/contract/fields.ts';
import { roundHalfUp, toDecimal } from './decimal.ts';

// A bulk edit's price rule (docs/design.md §8.4), the same for the server and the mocks: percent
// and amount change Price USD by that much, set replaces it; the result is rounded half up to
// cents, exactly (12.50 + 1 % is 12.625, which a double holds as 12.62499…, and is 12.63).

/** The new Price USD of a model, or the reason that model cannot have it. */
export type PriceResult = { usd: number } | { error: string };

export function changedPrice(usd: number, change: PriceChange): PriceResult {
  const price = toDecimal(usd);
  const by = toDecimal(change.value);
  const next = roundHalfUp(
    change.mode === 'percent' ? price.times(by.plus(100)).div(100) : change.mode === 'amount' ? price.plus(by) : by,
    2,
  );
  if (next.lte(0)) return { error: bulkMessages.priceNotPositive };
  if (next.gt(MAX_PRICE_USD)) return { error: priceTooLargeMessage };
  return { usd: Number(next.toFixed(2)) };
}
