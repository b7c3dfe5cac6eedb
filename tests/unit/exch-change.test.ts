import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { exchChange } from '#src/domain/exch-change.ts';
import { createRandom } from '#server/demo/random.ts';

describe('exchChange: how far a new exchange rate is from the current one (docs/design.md §7.7)', () => {
  it('names the change in percent, signed, to one decimal', () => {
    expect(exchChange('281.15', '29000')).toEqual({ percent: '+10214.8', large: true });
    expect(exchChange('300', '150')).toEqual({ percent: '-50.0', large: true });
    expect(exchChange('281.15', '281.15')).toEqual({ percent: '+0.0', large: false });
  });

  it('asks only beyond 20 %, judged exactly: 20 % itself is not asked about', () => {
    expect(exchChange('281.15', '337.38')?.large).toBe(false);
    expect(exchChange('281.15', '337.39')?.large).toBe(true);
    expect(exchChange('300', '240')?.large).toBe(false);
    expect(exchChange('300', '239.99')?.large).toBe(true);
  });

  it('has nothing to say about a rate that is not a positive decimal', () => {
    expect(exchChange('281.15', 'abc')).toBeNull();
    expect(exchChange('281.15', '0')).toBeNull();
    expect(exchChange('', '300')).toBeNull();
  });

  it('agrees with big.js, the way it was worked out before, on 5,000 random rates', () => {
    const random = createRandom(3);
    const rate = () => (random.int(1, 99_999_999) / 10 ** random.int(0, 4)).toFixed(random.int(0, 4));
    Big.DP = 20;
    for (let round = 0; round < 5_000; round++) {
      const [current, next] = [rate(), rate()];
      const change = new Big(next).minus(current).div(current).times(100);
      const rounded = change.round(1, Big.roundHalfUp).toFixed(1);
      expect(exchChange(current, next), `${current} → ${next}`).toEqual({
        percent: change.gte(0) ? `+${rounded}` : rounded,
        large: change.abs().gt(20),
      });
    }
  });
});
