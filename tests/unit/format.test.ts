import { describe, it, expect } from 'vitest';
import Big from 'big.js';
import { formatLakh, formatUsd } from '#src/domain/format.ts';

describe('formatLakh', () => {
  it.each<[number | string, string]>([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1,000'],
    [99999, '99,999'],
    [100000, '1,00,000'],
    [1234567, '12,34,567'],
    [10000000, '1,00,00,000'],
    [12345678901, '12,34,56,78,901'],
    [-1, '-1'],
    [-999, '-999'],
    [-1000, '-1,000'],
    [-1234567, '-12,34,567'],
  ])('%s → %s', (value, expected) => {
    expect(formatLakh(value)).toBe(expected);
  });

  it('accepts Big values and decimal strings', () => {
    expect(formatLakh(new Big('14058'))).toBe('14,058');
    expect(formatLakh('467865')).toBe('4,67,865');
    expect(formatLakh('-12345678901')).toBe('-12,34,56,78,901');
  });

  it('groups numbers beyond float precision exactly', () => {
    expect(formatLakh('123456789012345678901234567890')).toBe('1,23,45,67,89,01,23,45,67,89,01,23,45,67,890');
    // 2^53 + 1 has no float of its own.
    expect(formatLakh(new Big('9007199254740993'))).toBe('9,00,71,99,25,47,40,993');
  });

  it('never shows exponent notation', () => {
    expect(formatLakh(new Big('1e21'))).toBe('1,00,00,00,00,00,00,00,00,00,000');
    expect(formatLakh(1e21)).toBe('1,00,00,00,00,00,00,00,00,00,000');
  });

  it('matches Intl en-IN on whole numbers', () => {
    const intl = new Intl.NumberFormat('en-IN');
    let n = 1n;
    for (let digits = 1; digits <= 25; digits += 1) {
      for (const v of [n, n * 9n + 8n, -n]) {
        expect(formatLakh(v.toString())).toBe(intl.format(v));
      }
      n *= 10n;
    }
  });

  it('rounds fractions half up to whole numbers by default', () => {
    expect(formatLakh('1234.5')).toBe('1,235');
    expect(formatLakh('1234.49')).toBe('1,234');
    expect(formatLakh('-1234.5')).toBe('-1,235');
  });

  it('does not show a minus on a value that rounds to zero', () => {
    expect(formatLakh('-0')).toBe('0');
    expect(formatLakh('-0.4')).toBe('0');
  });

  it('keeps the asked number of decimals', () => {
    expect(formatLakh('1234567.891', 2)).toBe('12,34,567.89');
    expect(formatLakh(1000, 2)).toBe('1,000.00');
  });

  it('throws on a value that is not a decimal', () => {
    expect(() => formatLakh('abc')).toThrow();
    expect(() => formatLakh(Number.NaN)).toThrow();
  });
});

describe('formatUsd', () => {
  it.each<[number | string | Big, string]>([
    [0, '$0.00'],
    [5, '$5.00'],
    [999.9, '$999.90'],
    [1000, '$1,000.00'],
    [123456.5, '$1,23,456.50'],
    ['1234567.89', '$12,34,567.89'],
    [new Big('50'), '$50.00'],
    // Half up on the exact decimal: 1.005 as a float is 1.00499…, as a string it is exactly half.
    ['1.005', '$1.01'],
    ['1.004', '$1.00'],
    [-1234.5, '-$1,234.50'],
    ['-0.001', '$0.00'],
  ])('%s → %s', (value, expected) => {
    expect(formatUsd(value)).toBe(expected);
  });
});
