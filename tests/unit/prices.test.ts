import { describe, it, expect } from 'vitest';
import Big from 'big.js';
import { capacityTr, computePrices, preparePriceVariables } from '#src/domain/prices.ts';
import type { PriceVariables, Prices } from '#src/domain/prices.ts';

type Expected = Record<keyof Prices, string>;

function asStrings(prices: Prices): Expected {
  const s = (b: bigint) => String(b);
  return {
    pkr: s(prices.pkr),
    fare: s(prices.fare),
    duties: s(prices.duties),
    cost: s(prices.cost),
    profit: s(prices.profit),
    total: s(prices.total),
  };
}

describe('computePrices', () => {
  it('rounds the exact half of USD 50 at 281.15 (14,057.5) up to 14,058', () => {
    const { pkr } = computePrices(50, { exch: '281.15', fare: '0', duties: '0', profit: '0' });
    expect(String(pkr)).toBe('14058');
  });

  it('is right where binary floats are wrong on that same case', () => {
    // 281.15 has no exact binary form, so the float product lands just below the half.
    expect(50 * 281.15).toBeLessThan(14057.5);
    expect(Math.round(50 * 281.15)).toBe(14057);
  });

  it.each<[string, number | string, PriceVariables, Expected]>([
    [
      // pkr 14057.5 → 14058; fare 702.9 → 703; duties 2811.6 → 2812;
      // cost 14058 + 703 + 2812 = 17573; profit 1757.3 → 1757; total 19330
      'half-way PKR',
      50,
      { exch: '281.15', fare: '0.05', duties: '0.20', profit: '0.10' },
      { pkr: '14058', fare: '703', duties: '2812', cost: '17573', profit: '1757', total: '19330' },
    ],
    [
      // pkr 14050; fare 702.5 → 703; duties 2107.5 → 2108;
      // cost 14050 + 703 + 2108 = 16861; profit 8430.5 → 8431; total 25292
      'half-way fare, duties and profit',
      50,
      { exch: '281', fare: '0.05', duties: '0.15', profit: '0.5' },
      { pkr: '14050', fare: '703', duties: '2108', cost: '16861', profit: '8431', total: '25292' },
    ],
    [
      // pkr 1234.56 × 278.40 = 343701.504 → 343702; fare 12029.57 → 12030;
      // duties 60147.85 → 60148; cost 415880; profit 51985 exactly; total 467865
      'cents in USD, rounding up and an exact profit',
      '1234.56',
      { exch: '278.40', fare: '0.035', duties: '0.175', profit: '0.125' },
      { pkr: '343702', fare: '12030', duties: '60148', cost: '415880', profit: '51985', total: '467865' },
    ],
    [
      // pkr 99.99 × 280.25 = 28022.1975 → 28022; fare 0.07 → 1961.54 → 1962;
      // duties 0.33 → 9247.26 → 9247; cost 39231; profit 0.15 → 5884.65 → 5885; total 45116
      'fractions just below and above the half',
      99.99,
      { exch: '280.25', fare: '0.07', duties: '0.33', profit: '0.15' },
      { pkr: '28022', fare: '1962', duties: '9247', cost: '39231', profit: '5885', total: '45116' },
    ],
  ])('works out a full row by hand: %s', (_label, usd, vars, expected) => {
    expect(asStrings(computePrices(usd, vars))).toEqual(expected);
  });

  it('rounds at each named step, not only at the end', () => {
    // pkr 0.5 → 1, so fare is 1 × 0.5 = 0.5 → 1; from the unrounded 0.5 it would be 0.25 → 0.
    const p = computePrices('1', { exch: '0.5', fare: '0.5', duties: '0', profit: '0' });
    expect(asStrings(p)).toEqual({ pkr: '1', fare: '1', duties: '0', cost: '2', profit: '0', total: '2' });
  });

  it('gives zeros when every variable is zero', () => {
    const p = computePrices(1500, { exch: '0', fare: '0', duties: '0', profit: '0' });
    expect(asStrings(p)).toEqual({ pkr: '0', fare: '0', duties: '0', cost: '0', profit: '0', total: '0' });
  });

  it('leaves cost and total equal to PKR when fare, duties and profit are zero', () => {
    const p = computePrices(10, { exch: '280', fare: '0.00', duties: '0', profit: '0.0' });
    expect(asStrings(p)).toEqual({
      pkr: '2800',
      fare: '0',
      duties: '0',
      cost: '2800',
      profit: '0',
      total: '2800',
    });
  });

  it('gives zeros for a zero price', () => {
    const p = computePrices(0, { exch: '281.15', fare: '0.05', duties: '0.2', profit: '0.1' });
    expect(String(p.total)).toBe('0');
  });

  it('accepts prepared variables with the same result as the raw strings', () => {
    const vars = { exch: '281.15', fare: '0.05', duties: '0.20', profit: '0.10' };
    const prepared = preparePriceVariables(vars);
    for (const usd of [0, 1, 12.5, '50', '99.99', 1234.56]) {
      expect(asStrings(computePrices(usd, prepared))).toEqual(asStrings(computePrices(usd, vars)));
    }
  });

  it('takes USD as a number, a decimal string or a string with stray spaces', () => {
    const vars = preparePriceVariables({ exch: ' 281.15 ', fare: '0', duties: '0', profit: '0' });
    expect(String(computePrices(50, vars).pkr)).toBe('14058');
    expect(String(computePrices('50.00', vars).pkr)).toBe('14058');
    expect(String(computePrices(' 50 ', vars).pkr)).toBe('14058');
  });

  it('ignores changes other code makes to the global Big settings', () => {
    const saved = { RM: Big.RM, DP: Big.DP, strict: Big.strict };
    Object.assign(Big, { RM: Big.roundDown, DP: 0, strict: true });
    try {
      expect(String(computePrices(50, { exch: '281.15', fare: '0', duties: '0', profit: '0' }).pkr)).toBe('14058');
      expect(capacityTr(3.5, '3.517')).toBe('1.00');
    } finally {
      Object.assign(Big, saved);
    }
  });

  it('throws on a value that is not a decimal', () => {
    expect(() => preparePriceVariables({ exch: 'abc', fare: '0', duties: '0', profit: '0' })).toThrow();
    expect(() => computePrices(Number.NaN, { exch: '1', fare: '0', duties: '0', profit: '0' })).toThrow();
  });
});

describe('capacityTr', () => {
  it.each<[number | null, string, string]>([
    [3.5, '3.517', '1.00'],
    [7.034, '3.517', '2.00'],
    [5.275, '3.517', '1.50'],
    [1, '3.517', '0.28'],
    [0, '3.517', '0.00'],
    [12, '3', '4.00'],
    // 0.125 exactly: half up, not half even.
    [0.125, '1', '0.13'],
    [0.135, '1', '0.14'],
    // 351028.6866…
    [1234567.891, '3.517', '351028.69'],
    [null, '3.517', '-'],
  ])('%s kW at tr %s → %s', (kw, tr, expected) => {
    expect(capacityTr(kw, tr)).toBe(expected);
  });

  it('gives - for a zero, negative or unreadable tr instead of throwing', () => {
    expect(capacityTr(3.5, '0')).toBe('-');
    expect(capacityTr(3.5, '0.000')).toBe('-');
    expect(capacityTr(3.5, '-3.517')).toBe('-');
    expect(capacityTr(3.5, '')).toBe('-');
    expect(capacityTr(3.5, 'abc')).toBe('-');
    expect(capacityTr(Number.NaN, '3.517')).toBe('-');
  });

  it('rounds a quotient longer than 20 places without double rounding', () => {
    // 1 ÷ 200.0000000000000000004 = 0.00499999999999999999999000…: below the half, so 0.00.
    // Rounding half up at 20 places first would give 0.005 and then wrongly 0.01.
    expect(capacityTr(1, '200.0000000000000000004')).toBe('0.00');
    expect(capacityTr(1, '200.0000000000000000000000000001')).toBe('0.00');
    expect(capacityTr(1, '200')).toBe('0.01');
  });
});
