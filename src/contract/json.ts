// A JSON number as plain decimal text: sign, whole part, fraction without trailing zeros, no
// exponent ("1.2345e2" is "123.45"). Exponents beyond a double's range are left as written (a
// field refuses that text), so no body can make a string of millions of zeros.
const JSON_NUMBER = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i;
const MAX_EXPONENT = 400;

export function plainDecimal(source: string): string {
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = JSON_NUMBER.exec(source) ?? [];
  const shift = Number(exponent);
  if (Math.abs(shift) > MAX_EXPONENT) return source;
  let digits = whole + fraction;
  let point = whole.length + shift;
  if (point <= 0) {
    digits = '0'.repeat(1 - point) + digits;
    point = 1;
  }
  digits = digits.padEnd(point, '0');
  const wholePart = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  const fractionPart = digits.slice(point).replace(/0+$/, '');
  return `${sign}${wholePart}${fractionPart ? `.${fractionPart}` : ''}`;
}

/**
 * A request body's JSON as the field schemas judge it: a number whose text names another value
 * than the double it parses to (`12.349999999999999999` is not 12.35) arrives as that text, in
 * plain decimals, so a field reads what was sent, never a rounded value; any other number stays a
 * number. The server's body parser and the mocks both read JSON through this (the reviver's
 * `context.source`: Node 24, Chromium).
 */
export function parseRequestJson(body: string): unknown {
  return JSON.parse(body, (_key, value: unknown, context?: { source?: string }) => {
    if (typeof value !== 'number' || context?.source === undefined) return value;
    const sent = plainDecimal(context.source);
    return sent === plainDecimal(String(value)) ? value : sent;
  });
}
