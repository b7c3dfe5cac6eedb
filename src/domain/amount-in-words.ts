// Whole rupees in words as Pakistani documents write them: crore, lakh, thousand, hundred, no 'and',
// tens hyphenated ('seventy-eight'). Works on the digits, never on a float, so any size is exact.

const UNITS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** 1–99: 'nineteen', 'twenty', 'seventy-eight'. */
function belowHundred(n: number): string {
  if (n < 20) return UNITS[n]!;
  const ones = n % 10;
  return ones === 0 ? TENS[n / 10]! : `${TENS[Math.floor(n / 10)]}-${UNITS[ones]}`;
}

/** 1 to 99,99,999 (below one crore, so a safe integer): the lakh, thousand, hundred and the rest. */
function belowCrore(n: number): string[] {
  const parts: string[] = [];
  const lakh = Math.floor(n / 100_000);
  const thousand = Math.floor(n / 1000) % 100;
  const hundred = Math.floor(n / 100) % 10;
  const rest = n % 100;
  if (lakh) parts.push(belowHundred(lakh), 'lakh');
  if (thousand) parts.push(belowHundred(thousand), 'thousand');
  if (hundred) parts.push(UNITS[hundred]!, 'hundred');
  if (rest) parts.push(belowHundred(rest));
  return parts;
}

/**
 * Digits without leading zeros, not '0'. Above 99 crore the crores keep counting in the same words
 * ('one hundred twenty-three crore', 'one lakh crore'), as Pakistani and Indian usage does, rather
 * than switching to arab and kharab, which few customers read today.
 */
function countWords(digits: string): string[] {
  const crores = digits.slice(0, -7);
  const rest = belowCrore(Number(digits.slice(-7)));
  return crores ? [...countWords(crores), 'crore', ...rest] : rest;
}

function wholeDigits(rupees: number | string): string {
  if (typeof rupees === 'number') {
    if (!Number.isSafeInteger(rupees) || rupees < 0) throw new RangeError(`Not a whole, non-negative safe amount: ${rupees}`);
    return String(rupees);
  }
  if (!/^\d+$/.test(rupees)) throw new RangeError(`Not a whole number of rupees: '${rupees}'`);
  return rupees.replace(/^0+(?=\d)/, '');
}

/**
 * 'Rupees four lakh seventy-eight thousand two hundred only' for 478200; 'Rupees zero only' for 0.
 * Takes a non-negative safe integer or a string of digits (any length). Throws a RangeError for
 * anything else: a fraction, a sign, a float outside the safe range.
 */
export function amountInWords(rupees: number | string): string {
  const digits = wholeDigits(rupees);
  const words = digits === '0' ? 'zero' : countWords(digits).join(' ');
  return `Rupees ${words} only`;
}
