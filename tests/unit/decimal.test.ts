import { describe, it, expect } from 'vitest';
import Big from 'big.js';
import { divideHalfUp, scaledText, toFixedHalfUp, toScaled } from '#src/domain/decimal.ts';
import { computePrices } from '#src/domain/prices.ts';
import { createRandom } from '#server/demo/random.ts';

describe('toScaled', () => {
  it.each<[number | string | bigint, bigint, number]>([
    [0, 0n, 3],
    ['12.50', 1250n, 2],
    [' 281.15 ', 28115n, 2],
    [-0.5, -500n, 3],
    [1234.567, 1234567n, 3],
    [0.1 + 0.2, 30000000000000004n, 17],
    [1e-7, 1n, 7],
    [1e21, 10n ** 21n, 0],
    ['1.5e3', 1500n, 0],
    [42n, 42n, 0],
  ])('%s is %s at scale %s', (value, units, scale) => {
    expect(toScaled(value)).toEqual({ units, scale });
  });

  it.each<[number | string, bigint, number]>([
    ['.5', 5n, 1],
    ['5.', 5n, 0],
    ['1.20e1', 12n, 0],
    ['-1.50E1', -15n, 0],
    ['1.234e1', 1234n, 2],
    ['0.00e-2', 0n, 0],
    [-1e-7, -1n, 7],
  ])('reads %s, an exponent or a bare point, as big.js does: %s at scale %s', (value, units, scale) => {
    expect(toScaled(value)).toEqual({ units, scale });
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, '', 'abc', '1,5', '1..2', '+5', '.', '1e', 'e5', '1e401', '1e-401'])(
    'throws on %s',
    (value) => {
      expect(() => toScaled(value)).toThrow();
    },
  );

  it('reads exponent forms to the same value big.js reads', () => {
    const random = createRandom(7);
    for (let round = 0; round < 5_000; round++) {
      const whole = String(random.int(0, 99_999));
      const fraction = String(random.int(0, 9_999)).slice(0, random.int(0, 4));
      const text = `${random.int(0, 1) ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}e${random.int(-30, 30)}`;
      const { units, scale } = toScaled(text);
      expect(scaledText(units, scale), text).toBe(new Big(text).toFixed());
    }
  });

  it('reads a number as the decimal it prints as, fast path or not', () => {
    const random = createRandom(5);
    for (let round = 0; round < 20_000; round++) {
      const value = random.int(-1e9, 1e9) / 10 ** random.int(0, 6);
      const { units, scale } = toScaled(value);
      expect(new Big(units.toString()).div(new Big(10).pow(scale)).eq(new Big(value)), String(value)).toBe(true);
    }
  });
});

describe('divideHalfUp', () => {
  it.each<[bigint, bigint, bigint]>([
    [5n, 2n, 3n],
    [3n, 2n, 2n],
    [1n, 3n, 0n],
    [2n, 3n, 1n],
    [-5n, 2n, -3n],
    [-3n, 2n, -2n],
    [-1n, 3n, 0n],
    [0n, 7n, 0n],
  ])('%s ÷ %s → %s (half away from zero)', (dividend, divisor, expected) => {
    expect(divideHalfUp(dividend, divisor)).toBe(expected);
  });
});

describe('toFixedHalfUp and scaledText', () => {
  it.each<[number | string | bigint, number, string]>([
    [50, 2, '50.00'],
    [0.125, 2, '0.13'],
    ['-0.125', 2, '-0.13'],
    ['-0.004', 2, '0.00'],
    ['14057.5', 0, '14058'],
    [12345678901234567890n, 0, '12345678901234567890'],
    ['0.005', 2, '0.01'],
  ])('%s to %s places → %s', (value, places, expected) => {
    expect(toFixedHalfUp(value, places)).toBe(expected);
  });

  it('pads small values with leading zeros', () => {
    expect(scaledText(5n, 3)).toBe('0.005');
    expect(scaledText(-5n, 3)).toBe('-0.005');
  });
});

// A reference written the obvious way in big.js (each step rounded half up), against which the
// bigint version must agree to the unit on any price and variables.
function referencePrices(usd: string, vars: Record<'exch' | 'fare' | 'duties' | 'profit', string>) {
  const round = (value: Big) => value.round(0, Big.roundHalfUp);
  const pkr = round(new Big(usd).times(vars.exch));
  const fare = round(pkr.times(vars.fare));
  const duties = round(pkr.times(vars.duties));
  const cost = pkr.plus(fare).plus(duties);
  const profit = round(cost.times(vars.profit));
  return [pkr, fare, duties, cost, profit, cost.plus(profit)].map((value) => value.toFixed());
}

describe('computePrices against big.js', () => {
  it('agrees on 5,000 random prices and variables, half-way cases included', () => {
    const random = createRandom(11);
    const decimal = (max: number, places: number) => (random.int(0, max * 10 ** places) / 10 ** places).toFixed(places);
    for (let round = 0; round < 5_000; round++) {
      const usd = decimal(100_000, 2);
      const vars = {
        exch: decimal(1_000, random.int(0, 4)),
        fare: decimal(1, random.int(0, 3)),
        duties: decimal(2, 3),
        profit: decimal(1, 2),
      };
      const prices = computePrices(usd, vars);
      const ours = [prices.pkr, prices.fare, prices.duties, prices.cost, prices.profit, prices.total].map(String);
      expect(ours, `${usd} at ${JSON.stringify(vars)}`).toEqual(referencePrices(usd, vars));
    }
  });
});
