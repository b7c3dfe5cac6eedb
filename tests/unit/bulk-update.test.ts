import { describe, expect, it } from 'vitest';
import { bulkMessages, bulkUpdateRequest } from '#src/contract/bulk-update.ts';
import { fieldErrors } from '#src/contract/errors.ts';
import { changedPrice } from '#src/domain/bulk-price.ts';
import { bulkRefusal, previewBulkUpdate, type BulkModel } from '#src/domain/bulk-update.ts';

// docs/design.md §8.4: a bulk edit's price rule and its preview, as the server and the mocks run them.

describe('changedPrice', () => {
  it.each([
    // 12.50 × 1.01 is 12.625 exactly (a double makes it 12.624999…): half up.
    [12.5, 'percent', 1, 12.63],
    [19.99, 'percent', 4, 20.79],
    [100, 'percent', -12.5, 87.5],
    [0.05, 'percent', -10, 0.05],
    [0.05, 'percent', -50, 0.03],
    [19.99, 'amount', 0.01, 20],
    [19.99, 'amount', -9.99, 10],
    [19.99, 'set', 45.5, 45.5],
    [1.1, 'percent', 10, 1.21],
  ] as const)('%s %s %s is %s', (usd, mode, value, expected) => {
    expect(changedPrice(usd, { mode, value })).toEqual({ usd: expected });
  });

  it.each([
    [10, 'amount', -10],
    [10, 'amount', -10.01],
    [10, 'percent', -100],
    [10, 'percent', -99.96],
    [10, 'set', 0],
    [10, 'set', -1],
  ] as const)('%s %s %s is no price: it must stay above 0', (usd, mode, value) => {
    expect(changedPrice(usd, { mode, value })).toEqual({ error: bulkMessages.priceNotPositive });
  });

  it('refuses a result above the highest price', () => {
    expect(changedPrice(99_999_999.99, { mode: 'amount', value: 0.01 })).toEqual({
      error: 'The price may not be greater than 99999999.99.',
    });
  });
});

const model = (id: number, priceUsd: number, isActive: 0 | 1 = 1, minStock = 0): BulkModel => ({
  id,
  brandName: 'B',
  seriesName: 'S',
  modelName: `M${id}`,
  priceUsd,
  isActive,
  minStock,
});

describe('previewBulkUpdate', () => {
  it('gives each row the changes its audit entry will hold, counts them, and writes only the changed', () => {
    const { preview, writes } = previewBulkUpdate([model(1, 10), model(2, 10, 0, 5), model(3, 1)], {
      set: { modelIsActive: 0, modelMinStock: 5 },
      price: { mode: 'amount', value: -5 },
    });
    expect(preview.rows.map((row) => [row.id, row.changes, row.errors])).toEqual([
      [1, { modelPriceUsd: [10, 5], modelIsActive: [1, 0], modelMinStock: [0, 5] }, {}],
      [2, { modelPriceUsd: [10, 5] }, {}],
      [3, { modelIsActive: [1, 0], modelMinStock: [0, 5] }, { modelPriceUsd: [bulkMessages.priceNotPositive] }],
    ]);
    expect(preview.summary).toEqual({ update: 2, unchanged: 0, error: 1 });
    expect(writes.map((write) => write.id)).toEqual([1, 2]);
    expect(bulkRefusal(preview)?.errors).toEqual({ 'price.value': [bulkMessages.priceNotPositive] });
  });

  it('counts a model the change leaves as it is as unchanged, and refuses nothing', () => {
    const { preview, writes } = previewBulkUpdate([model(1, 10, 0)], { set: { modelIsActive: 0 } });
    expect(preview.summary).toEqual({ update: 0, unchanged: 1, error: 0 });
    expect(writes).toEqual([]);
    expect(bulkRefusal(preview)).toBeNull();
  });
});

describe('bulkUpdateRequest', () => {
  const errorsOf = (body: unknown) => {
    const parsed = bulkUpdateRequest.safeParse(body);
    return parsed.success ? {} : fieldErrors(parsed.error);
  };
  it('takes the list filters ({} is every model) or ids, a change and the preview flag', () => {
    expect(bulkUpdateRequest.parse({ filters: {}, price: { mode: 'set', value: '12.5' }, preview: '1' })).toEqual({
      filters: {},
      price: { mode: 'set', value: 12.5 },
      preview: 1,
    });
    expect(errorsOf({ ids: [1], set: { modelMinStock: '' }, preview: 0 })).toEqual({ set: [bulkMessages.changeRequired] });
    expect(errorsOf({ filters: { brandId: 'x' }, set: { modelIsActive: 2 }, preview: 0 })).toEqual({
      'filters.brandId': ['The selected value is invalid.'],
      'set.modelIsActive': ['The selected status is invalid.'],
    });
  });
});
