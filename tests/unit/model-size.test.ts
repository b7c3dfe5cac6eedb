import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capacityRangeOfSize, sizeFromLink, sizeLabel, sizeOfCapacity, sizesOf } from '#src/domain/model-size.ts';

// docs/design.md §8.8: Capacity-KW ÷ TR to the nearest quarter ton, halves up, exact.

/** The rule as big.js says it: kW ÷ TR × 4, rounded half up, ÷ 4, two decimals. */
const bigSize = (kw: number, tr: string) => new Big(kw).div(new Big(tr)).times(4).round(0, Big.roundHalfUp).div(4).toFixed(2);

const thousandths = fc.integer({ min: 0, max: 999_999_999 });
const trText = fc
  .tuple(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 0, max: 9999 }))
  .map(([whole, fraction]) => `${whole - 1}.${String(fraction).padStart(4, '0')}`)
  .filter((text) => new Big(text).gte('0.1'));

describe('sizeOfCapacity', () => {
  it('rounds kW ÷ TR to the nearest quarter, halves up', () => {
    expect(sizeOfCapacity(5.275, '3.5')).toBe('1.50');
    expect(sizeOfCapacity(3.5, '3.5')).toBe('1.00');
    expect(sizeOfCapacity(2.625, '3.5')).toBe('0.75');
    // 0.875 tons (3.0625 kW) is halfway between 0.75 and 1.
    expect(sizeOfCapacity(3.062, '3.5')).toBe('0.75');
    expect(sizeOfCapacity(3.063, '3.5')).toBe('1.00');
    expect(sizeOfCapacity(0, '3.5')).toBe('0.00');
    expect(sizeOfCapacity(35, '3.5')).toBe('10.00');
  });

  it('gives no size without a capacity or a usable TR', () => {
    expect(sizeOfCapacity(null, '3.5')).toBeNull();
    expect(sizeOfCapacity(3.5, '0')).toBeNull();
    expect(sizeOfCapacity(3.5, 'x')).toBeNull();
  });

  it('agrees with big.js', () => {
    fc.assert(fc.property(thousandths, trText, (milli, tr) => sizeOfCapacity(milli / 1000, tr) === bigSize(milli / 1000, tr)));
  });
});

describe('sizesOf', () => {
  it('answers the distinct sizes ascending, numerically', () => {
    expect(sizesOf([35, 5.275, null, 5.25, 2.625, 5.3], '3.5')).toEqual(['0.75', '1.50', '10.00']);
    expect(sizesOf([3.5], '0')).toEqual([]);
  });
});

describe('capacityRangeOfSize', () => {
  it('is every thousandth of a kW whose size it is, and no other', () => {
    const inRange = (milli: number, range: { fromMilliKw: number; belowMilliKw: number }) =>
      range.fromMilliKw <= milli && milli < range.belowMilliKw;
    fc.assert(
      fc.property(thousandths, trText, (milli, tr) => {
        const size = sizeOfCapacity(milli / 1000, tr)!;
        const range = capacityRangeOfSize(size, tr)!;
        const next = capacityRangeOfSize(new Big(size).plus('0.25').toFixed(2), tr)!;
        // Its own range holds it; the next size's starts where this one ends.
        return inRange(milli, range) && next.fromMilliKw === range.belowMilliKw && !inRange(milli, next);
      }),
    );
  });

  it('puts a halfway capacity in the size above', () => {
    // 1.125 tons (3.9375 kW) is halfway between 1 and 1.25, so 1.25 starts there: at 3.938 in whole thousandths.
    expect(capacityRangeOfSize('1.25', '3.5')).toEqual({ fromMilliKw: 3938, belowMilliKw: 4813 });
    expect(sizeOfCapacity(3.937, '3.5')).toBe('1.00');
    expect(sizeOfCapacity(3.938, '3.5')).toBe('1.25');
  });

  it('refuses what is not a size', () => {
    expect(capacityRangeOfSize('1.3', '3.5')).toBeNull();
    expect(capacityRangeOfSize('1.30', '3.5')).toBeNull();
    expect(capacityRangeOfSize('1.50', '0')).toBeNull();
  });
});

describe('sizeLabel and sizeFromLink', () => {
  it('names a size without trailing zeros', () => {
    expect(['0.75', '1.00', '1.50', '10.00', '0.00'].map(sizeLabel)).toEqual(['0.75 ton', '1 ton', '1.5 ton', '10 ton', '0 ton']);
  });

  it('reads a link as the router hands it over', () => {
    expect(sizeFromLink(1.5)).toBe('1.50');
    expect(sizeFromLink('1.50')).toBe('1.50');
    expect(sizeFromLink(1)).toBe('1.00');
    expect(sizeFromLink('0.750')).toBe('0.75');
    for (const bad of [1.3, '1.255', -1, 'x', null, {}]) expect(sizeFromLink(bad)).toBeUndefined();
  });
});
