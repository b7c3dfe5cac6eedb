import { describe, expect, it } from 'vitest';
import { amountInWords } from '#src/domain/amount-in-words.ts';

describe('amountInWords', () => {
  it.each<[number | string, string]>([
    [0, 'zero'],
    [1, 'one'],
    [9, 'nine'],
    [10, 'ten'],
    [11, 'eleven'],
    [19, 'nineteen'],
    [20, 'twenty'],
    [21, 'twenty-one'],
    [40, 'forty'],
    [78, 'seventy-eight'],
    [99, 'ninety-nine'],
    [100, 'one hundred'],
    [101, 'one hundred one'],
    [110, 'one hundred ten'],
    [999, 'nine hundred ninety-nine'],
    [1000, 'one thousand'],
    [1001, 'one thousand one'],
    [1100, 'one thousand one hundred'],
    [10_000, 'ten thousand'],
    [15_015, 'fifteen thousand fifteen'],
    [99_999, 'ninety-nine thousand nine hundred ninety-nine'],
    [100_000, 'one lakh'],
    [100_001, 'one lakh one'],
    [478_200, 'four lakh seventy-eight thousand two hundred'],
    [1_234_567, 'twelve lakh thirty-four thousand five hundred sixty-seven'],
    [9_999_999, 'ninety-nine lakh ninety-nine thousand nine hundred ninety-nine'],
    [10_000_000, 'one crore'],
    [10_000_001, 'one crore one'],
    [10_100_000, 'one crore one lakh'],
    [999_999_999, 'ninety-nine crore ninety-nine lakh ninety-nine thousand nine hundred ninety-nine'],
    [1_000_000_000, 'one hundred crore'],
    [1_230_000_000, 'one hundred twenty-three crore'],
    [99_999_999_999, 'nine thousand nine hundred ninety-nine crore ninety-nine lakh ninety-nine thousand nine hundred ninety-nine'],
    [1_000_000_000_000, 'one lakh crore'],
    [
      Number.MAX_SAFE_INTEGER,
      'ninety crore seven lakh nineteen thousand nine hundred twenty-five crore forty-seven lakh forty thousand nine hundred ninety-one',
    ],
  ])('%s → Rupees %s only', (value, words) => {
    expect(amountInWords(value)).toBe(`Rupees ${words} only`);
  });

  it('takes the 478200 of the design in its own sentence', () => {
    expect(amountInWords(478200)).toBe('Rupees four lakh seventy-eight thousand two hundred only');
  });

  it('reads a string of digits the same as the number, beyond the safe integers too', () => {
    expect(amountInWords('478200')).toBe(amountInWords(478200));
    expect(amountInWords('0')).toBe('Rupees zero only');
    expect(amountInWords('000120')).toBe('Rupees one hundred twenty only');
    expect(amountInWords('99999999999')).toBe(amountInWords(99_999_999_999));
    // 10^17 rupees: the crores (10^10) counted in the same words.
    expect(amountInWords('100000000000000000')).toBe('Rupees one thousand crore crore only');
    expect(amountInWords('12345678901234567890')).toBe(
      'Rupees one lakh twenty-three thousand four hundred fifty-six crore seventy-eight lakh ninety thousand one hundred twenty-three crore ' +
        'forty-five lakh sixty-seven thousand eight hundred ninety only',
    );
  });

  it.each<number | string>([-1, 1.5, Number.NaN, Infinity, 2 ** 53, '', '-5', '1.00', '1e6', ' 12', '１２'])('refuses %s', (value) => {
    expect(() => amountInWords(value)).toThrow(RangeError);
  });
});
