import { toFixedHalfUp } from './decimal.ts';
import type { DecimalInput } from './decimal.ts';

// Indian grouping: the last three integer digits, then groups of two (12,34,567).
const TWO_DIGIT_GROUPS = /\B(?=(?:\d{2})+$)/g;

function groupLakh(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  return `${head.replace(TWO_DIGIT_GROUPS, ',')},${digits.slice(-3)}`;
}

type Parts = { negative: boolean; grouped: string };

// Works on the exact decimal text (never in exponent notation, a zero never signed), never on a float.
function lakhParts(value: DecimalInput, fractionDigits: number): Parts {
  const fixed = toFixedHalfUp(value, fractionDigits);
  const negative = fixed.startsWith('-');
  const unsigned = negative ? fixed.slice(1) : fixed;
  const point = unsigned.indexOf('.');
  const integer = point === -1 ? unsigned : unsigned.slice(0, point);
  const fraction = point === -1 ? '' : unsigned.slice(point);
  return { negative, grouped: groupLakh(integer) + fraction };
}

/**
 * Lakh-grouped ('12,34,567'), rounded half up to `fractionDigits` decimals (whole by default).
 * Throws when value is not a decimal number.
 */
export function formatLakh(value: DecimalInput, fractionDigits = 0): string {
  const { negative, grouped } = lakhParts(value, fractionDigits);
  return negative ? `-${grouped}` : grouped;
}

/** '$1,23,456.50': lakh-grouped, exactly 2 decimals, the sign before the '$'. Throws like formatLakh. */
export function formatUsd(value: DecimalInput): string {
  const { negative, grouped } = lakhParts(value, 2);
  return negative ? `-$${grouped}` : `$${grouped}`;
}
