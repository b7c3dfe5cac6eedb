import Big from 'big.js';
import type { DecimalInput } from './decimal.ts';

// A private constructor, so a change other code makes to the global Big.DP/RM/strict cannot alter
// our results. Rounding is always passed explicitly; RM only sets how division cuts off.
const Decimal = Big();
Decimal.DP = 20;
Decimal.RM = Big.roundDown;
Decimal.strict = false;

const HALF_UP = Big.roundHalfUp;

/**
 * Parses a decimal; throws on anything that is not a finite decimal number.
 * A Big is returned as it is (they are immutable): only division depends on which constructor
 * made a Big, and no caller divides one it was handed.
 */
export function toDecimal(value: DecimalInput): Big {
  if (value instanceof Decimal) return value;
  if (typeof value === 'bigint') return new Decimal(value.toString());
  return new Decimal(typeof value === 'string' ? value.trim() : value);
}

export function roundHalfUp(value: Big, places = 0): Big {
  return value.round(places, HALF_UP);
}
