import Big from 'big.js';

// A private constructor, so a change other code makes to the global Big.DP/RM/strict cannot alter
// our results. Rounding is always passed explicitly; RM only sets how division cuts off.
export const Decimal = Big();
Decimal.DP = 20;
Decimal.RM = Big.roundDown;
Decimal.strict = false;

const HALF_UP = Big.roundHalfUp;

export type DecimalInput = Big | number | string | bigint;

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

/**
 * A decimal as a whole number of units of 10^-scale (12.5 is 125 at scale 1). The price list
 * works in these: bigint arithmetic is exact like big.js and many times faster, and an export
 * prices every row of the catalogue.
 */
export type Scaled = { readonly units: bigint; readonly scale: number };

const PLAIN_DECIMAL = /^-?\d+(?:\.\d+)?$/;
const powersOfTen: bigint[] = [];

export function powerOfTen(exponent: number): bigint {
  return (powersOfTen[exponent] ??= 10n ** BigInt(exponent));
}

// Below this, decimals of up to 3 places are 0.001 apart, far more than the gap between doubles,
// so a double equal to thousandths ÷ 1000 stands for exactly that decimal.
const THOUSANDTHS_EXACT_BELOW = 1e12;

/** Throws like toDecimal on anything that is not a finite decimal number. */
export function toScaled(value: DecimalInput): Scaled {
  if (typeof value === 'bigint') return { units: value, scale: 0 };
  // Prices (cents) and capacities (thousandths of a kW) skip the text: this runs for every row of an export.
  if (typeof value === 'number' && Math.abs(value) < THOUSANDTHS_EXACT_BELOW) {
    const thousandths = Math.round(value * 1000);
    if (thousandths / 1000 === value) return { units: BigInt(thousandths), scale: 3 };
  }
  let text = typeof value === 'string' ? value.trim() : String(value);
  // Exponent forms ('1e-7') and anything odd go through big.js, which writes them out or throws.
  if (!PLAIN_DECIMAL.test(text)) text = toDecimal(value).toFixed();
  const point = text.indexOf('.');
  if (point === -1) return { units: BigInt(text), scale: 0 };
  return { units: BigInt(text.slice(0, point) + text.slice(point + 1)), scale: text.length - point - 1 };
}

/** dividend ÷ divisor (divisor > 0) rounded to a whole number, half away from zero as big.js's roundHalfUp. */
export function divideHalfUp(dividend: bigint, divisor: bigint): bigint {
  const twice = 2n * divisor;
  return dividend < 0n ? -((-2n * dividend + divisor) / twice) : (2n * dividend + divisor) / twice;
}

/** The value at another scale, rounded half up when that drops places. */
export function rescale({ units, scale }: Scaled, places: number): bigint {
  return places >= scale ? units * powerOfTen(places - scale) : divideHalfUp(units, powerOfTen(scale - places));
}

/** Units of 10^-places as fixed-point text ('-12.50'); a zero has no sign. */
export function scaledText(units: bigint, places: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(places + 1, '0');
  const text = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  return negative ? `-${text}` : text;
}

/** Exactly `places` decimals, rounded half up, never in exponent form. Throws like toDecimal. */
export function toFixedHalfUp(value: DecimalInput, places: number): string {
  return scaledText(rescale(toScaled(value), places), places);
}
