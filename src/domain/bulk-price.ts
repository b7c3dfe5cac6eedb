import { bulkMessages, type PriceChange } from '#src/contract/bulk-update.ts';
import { MAX_PRICE_USD, priceTooLargeMessage } from '#src/contract/fields.ts';
import { divideHalfUp, powerOfTen, rescale, toScaled } from './decimal.ts';

// A bulk edit's price rule (docs/design.md §8.4), the same for the server and the mocks: percent
// and amount change Price USD by that much, set replaces it; the result is rounded half up to
// cents, exactly (12.50 + 1 % is 12.625, which a double holds as 12.62499…, and is 12.63). In whole
// cents as bigint, as the price list computes (decimal.ts): exact like big.js, and for 10,000
// models 1.6 ms against big.js's 50 (its division), best of 15 on this machine.

/** The new Price USD of a model, or the reason that model cannot have it. */
export type PriceResult = { usd: number } | { error: string };

const CENTS = 2;
const MAX_CENTS = rescale(toScaled(MAX_PRICE_USD), CENTS);

function newCents(cents: bigint, { mode, value }: PriceChange): bigint {
  if (mode !== 'percent') {
    const by = rescale(toScaled(value), CENTS);
    return mode === 'amount' ? cents + by : by;
  }
  // cents × (100 + p) ÷ 100, with p at its own scale: one exact division, rounded half up.
  const percent = toScaled(value);
  const hundred = 100n * powerOfTen(percent.scale);
  return divideHalfUp(cents * (hundred + percent.units), hundred);
}

export function changedPrice(usd: number, change: PriceChange): PriceResult {
  const cents = newCents(rescale(toScaled(usd), CENTS), change);
  if (cents <= 0n) return { error: bulkMessages.priceNotPositive };
  if (cents > MAX_CENTS) return { error: priceTooLargeMessage };
  // Whole cents ÷ 100 is the double nearest the decimal, which JSON writes back exactly.
  return { usd: Number(cents) / 100 };
}
