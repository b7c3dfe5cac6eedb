import { describe, expect, it } from 'vitest';
import { tonLabel, tonsOf } from '#src/domain/model-size.ts';

describe('tonsOf', () => {
  it.each([
    [5.275, '3.5167', '1.50'],
    ['3.5167', '3.5167', '1.00'],
    [2.6375, '3.5167', '0.75'],
    [7.034, '3.5167', '2.00'],
    // Exactly halfway between quarters (1.125 tons) goes up.
    [4.5, '4', '1.25'],
    // Just under the half goes down.
    [4.499, '4', '1.00'],
    [0, '3.5167', '0.00'],
  ] as const)('%s kW at TR %s is %s tons', (kw, tr, tons) => {
    expect(tonsOf(kw, tr)).toBe(tons);
  });

  it('reads the capacity as text too', () => {
    expect(tonsOf('5.275', '3.5167')).toBe('1.50');
  });

  it.each([
    ['', '3.5167'],
    [5.275, '0'],
    [5.275, '-1'],
    [5.275, 'abc'],
    ['abc', '3.5167'],
  ] as const)('cannot be worked out from %s kW at TR %s', (kw, tr) => {
    expect(tonsOf(kw, tr)).toBeNull();
  });
});

describe('tonLabel', () => {
  it.each([
    ['1.50', '1.5 ton'],
    ['1.00', '1 ton'],
    ['0.75', '0.75 ton'],
    ['10.00', '10 ton'],
    ['2.25', '2.25 ton'],
  ])('%s reads %s', (tons, label) => {
    expect(tonLabel(tons)).toBe(label);
  });
});
