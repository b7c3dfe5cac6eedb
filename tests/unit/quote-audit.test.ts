import { describe, expect, it } from 'vitest';
import { belowCostChange, lostChange, quoteAuditFields, quoteLinesText, revisedFromChange } from '#src/domain/quote-audit.ts';

describe('quote audit vocabulary', () => {
  it('names the fields as audit-fields.ts titles them', () => {
    const fields = quoteAuditFields({ customerName: 'A', customerPhone: null, note: '', validUntil: '2026-12-01', status: 'draft' });
    expect(Object.keys(fields)).toEqual(['customerName', 'customerPhone', 'quoteNote', 'validUntil', 'quoteStatus']);
  });

  it('writes the lines as one text, a discount only when there is one', () => {
    const text = quoteLinesText([
      { qty: 2, discountPerUnit: 500, modelName: 'ACM-12' },
      { qty: 1, discountPerUnit: 0, modelName: 'ACM-18' },
    ]);
    expect(text).toBe('2 × ACM-12 less Rs 500; 1 × ACM-18');
  });

  it('adds the flags and reasons only when they apply', () => {
    expect(belowCostChange(false)).toEqual({});
    expect(belowCostChange(true)).toEqual({ belowCost: [null, 1] });
    expect(lostChange('Price', '')).toEqual({ lostReason: [null, 'Price'] });
    expect(revisedFromChange('Q-2026-0001-R1', '281.15')).toEqual({ revisedFrom: [null, 'Q-2026-0001-R1'], exch: [null, '281.15'] });
  });
});
