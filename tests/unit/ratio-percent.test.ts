import { describe, expect, it } from 'vitest';
import { firstLargeRatio, ratioPercent } from '#src/domain/ratio-percent.ts';

describe('ratioPercent: a ratio variable as the percentage it adds (docs/design.md §8.8)', () => {
  it('multiplies by 100 exactly and drops trailing zeros', () => {
    expect(ratioPercent('5')).toBe('500');
    expect(ratioPercent('0.06')).toBe('6');
    expect(ratioPercent('1.234')).toBe('123.4');
    expect(ratioPercent('1.50')).toBe('150');
    expect(ratioPercent('0.1')).toBe('10');
    // 0.1 + 0.2 in doubles would show 30.000000000000004; big.js does not.
    expect(ratioPercent('0.3')).toBe('30');
  });

  it('keeps at most two decimals, rounding half up', () => {
    expect(ratioPercent('2.00005')).toBe('200.01');
    expect(ratioPercent('2.00004')).toBe('200');
    expect(ratioPercent('1.23456')).toBe('123.46');
    expect(ratioPercent('1.000049')).toBe('100');
  });

  it('writes large values out in full, never as an exponent', () => {
    expect(ratioPercent('1e21')).toBe('100000000000000000000000');
  });

  it('has nothing to say about text that is not a decimal', () => {
    expect(ratioPercent('abc')).toBeNull();
    expect(ratioPercent('')).toBeNull();
  });
});

describe('firstLargeRatio: the ratio saving asks about first', () => {
  const ratios = { fare: '0.06', duties: '0.2', profit: '0.15' };

  it('is none while every ratio is at most 1', () => {
    expect(firstLargeRatio(ratios)).toBeNull();
    expect(firstLargeRatio({ fare: '1', duties: '1.0', profit: '0' })).toBeNull();
  });

  it('names the first ratio above 1 in the form order (FARE, DUTIES, PROFIT), its value as typed', () => {
    expect(firstLargeRatio({ ...ratios, fare: '5' })).toEqual({ name: 'fare', value: '5', percent: '500' });
    expect(firstLargeRatio({ ...ratios, profit: '1.5', duties: '2.00005' })).toEqual({
      name: 'duties',
      value: '2.00005',
      percent: '200.01',
    });
    expect(firstLargeRatio({ ...ratios, profit: ' 1.01 ' })).toEqual({ name: 'profit', value: '1.01', percent: '101' });
  });

  it('leaves text that is not a decimal to the server', () => {
    expect(firstLargeRatio({ ...ratios, fare: 'five', duties: '3' })).toEqual({ name: 'duties', value: '3', percent: '300' });
  });
});
