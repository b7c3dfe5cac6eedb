// Decimals compared as the text names them, digit by digit: the contract depends on zod alone
// (no big.js here), and a double would take "0.0000000001" and "1e-10" for neighbours of 0.

/** A plain decimal as text: an optional minus, digits, an optional fraction; no exponent. */
export const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/** Digits without the zeros that say nothing: the whole part's leading ones, the fraction's trailing ones. */
function parts(decimal: string): { negative: boolean; whole: string; fraction: string } {
  const negative = decimal.startsWith('-');
  const [whole = '', fraction = ''] = (negative ? decimal.slice(1) : decimal).split('.');
  const trimmed = { whole: whole.replace(/^0+/, ''), fraction: fraction.replace(/0+$/, '') };
  // -0 is 0.
  return { negative: negative && (trimmed.whole !== '' || trimmed.fraction !== ''), ...trimmed };
}

function compareMagnitudes(a: ReturnType<typeof parts>, b: ReturnType<typeof parts>): number {
  if (a.whole.length !== b.whole.length) return Math.sign(a.whole.length - b.whole.length);
  if (a.whole !== b.whole) return a.whole < b.whole ? -1 : 1;
  const width = Math.max(a.fraction.length, b.fraction.length);
  const [x, y] = [a.fraction.padEnd(width, '0'), b.fraction.padEnd(width, '0')];
  return x === y ? 0 : x < y ? -1 : 1;
}

/** -1, 0 or 1 as `a` is less than, equal to or greater than `b`; both plain decimals (PLAIN_DECIMAL). */
export function compareDecimalText(a: string, b: string): number {
  const [x, y] = [parts(a), parts(b)];
  if (x.negative !== y.negative) return x.negative ? -1 : 1;
  const magnitude = compareMagnitudes(x, y);
  // Equal negatives are 0, not -0.
  return x.negative && magnitude !== 0 ? -magnitude : magnitude;
}
