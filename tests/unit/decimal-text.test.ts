import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareDecimalText } from '#src/contract/decimal-text.ts';

// The contract compares the variables' bounds on the text (it may not import big.js): it must agree with big.js.

const plainDecimal = fc
  .tuple(fc.boolean(), fc.stringMatching(/^\d{1,14}$/), fc.option(fc.stringMatching(/^\d{1,14}$/), { nil: undefined }))
  .map(([negative, whole, fraction]) => `${negative ? '-' : ''}${whole}${fraction === undefined ? '' : `.${fraction}`}`);

describe('compareDecimalText', () => {
  it('orders plain decimals as big.js does', () => {
    fc.assert(
      fc.property(plainDecimal, plainDecimal, (a, b) => {
        expect(compareDecimalText(a, b)).toBe(new Big(a).cmp(new Big(b)));
      }),
      { numRuns: 2_000 },
    );
  });

  it('takes what a double would round as what it is', () => {
    expect(compareDecimalText('0.0000000001', '1')).toBe(-1);
    expect(compareDecimalText('100000.0000000001', '100000')).toBe(1);
    expect(compareDecimalText('100000.0000000000', '100000')).toBe(0);
    expect(compareDecimalText('0.10000000000000000001', '0.1')).toBe(1);
    expect(compareDecimalText('-0', '0')).toBe(0);
    expect(compareDecimalText('007', '7.0')).toBe(0);
  });
});
