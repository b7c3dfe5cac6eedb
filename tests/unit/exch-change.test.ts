import { describe, expect, it } from 'vitest';
import { exchChange } from '#src/domain/exch-change.ts';

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
});
