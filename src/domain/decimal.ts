import type Big from 'big.js';

// Exact decimals as whole numbers of units (below), in bigint: no binary floats and no decimal
// library, so the first screen's figures load without big.js. The few rules that still work in
// big.js (src/domain/big-decimal.ts) load with the screens that use them.

export type DecimalInput = Big | number | string | bigint;

/**
 * A decimal as a whole number of units of 10^-scale (12.5 is 125 at scale 1). The price list
 * works in these: bigint arithmetic is exact like big.js and many times faster, and an export
 * prices every row of the catalogue.
 */
export type Scaled = { readonly units: bigint; readonly scale: number };

const PLAIN_DECIMAL = /^-?\d+(?:\.\d+)?$/;
// What big.js reads besides (and what String() makes of a large or tiny number): '.5', '5.', '1.5e-7'.
const DECIMAL_WITH_EXPONENT = /^(-?)(\d+(?:\.\d*)?|\.\d+)(?:e([+-]?\d+))?$/i;
// Far beyond any double (1e308), so no typed text can make a number of millions of digits.
const MAX_EXPONENT = 400;
const powersOfTen: bigint[] = [];

export function powerOfTen(exponent: number): bigint {
  return (powersOfTen[exponent] ??= 10n ** BigInt(exponent));
}

// Below this, decimals of up to 3 places are 0.001 apart, far more than the gap between doubles,
// so a double equal to thousandths ÷ 1000 stands for exactly that decimal.
const THOUSANDTHS_EXACT_BELOW = 1e12;

/** Throws on anything that is not a finite decimal number. */
export function toScaled(value: DecimalInput): Scaled {
  if (typeof value === 'bigint') return { units: value, scale: 0 };
  // Prices (cents) and capacities (thousandths of a kW) skip the text: this runs for every row of an export.
  if (typeof value === 'number' && Math.abs(value) < THOUSANDTHS_EXACT_BELOW) {
    const thousandths = Math.round(value * 1000);
    if (thousandths / 1000 === value) return { units: BigInt(thousandths), scale: 3 };
  }
  const text = typeof value === 'string' ? value.trim() : String(value);
  if (!PLAIN_DECIMAL.test(text)) return exponentForm(text);
  const point = text.indexOf('.');
  if (point === -1) return { units: BigInt(text), scale: 0 };
  return { units: BigInt(text.slice(0, point) + text.slice(point + 1)), scale: text.length - point - 1 };
}

/** '1.5e3', '1e-7', '.5': read as big.js reads them, trailing zeros dropped as it drops them. */
function exponentForm(text: string): Scaled {
  const parts = DECIMAL_WITH_EXPONENT.exec(text);
  const [, sign, mantissa = '', exponent = '0'] = parts ?? [];
  if (!parts || Math.abs(Number(exponent)) > MAX_EXPONENT) throw new Error(`Not a decimal number: ${text}`);
  const [whole = '', fraction = ''] = mantissa.split('.');
  let units = BigInt(`${sign}${whole}${fraction}`);
  let scale = fraction.length - Number(exponent);
  if (scale < 0) return { units: units * powerOfTen(-scale), scale: 0 };
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale--;
  }
  return { units, scale };
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

/** Exactly `places` decimals, rounded half up, never in exponent form. Throws like toScaled. */
export function toFixedHalfUp(value: DecimalInput, places: number): string {
  return scaledText(rescale(toScaled(value), places), places);
}
