import { describe, expect, it } from 'vitest';
import type { ModelRow } from '#src/contract/models.ts';
import { modelsSearchSchema } from '#src/domain/list-searches.ts';
import {
  isSheetTooOld,
  offlineBanner,
  sheetMessages,
  sheetOf,
  sheetPage,
  SHEET_REFRESH_MS,
  SHEET_SHOWN_FOR_MS,
  type SavedSheet,
} from '#src/domain/saved-sheet.ts';

// docs/design.md §8.6: the price sheet a phone keeps for when the signal goes: for whom, for how
// long, and the list drawn from it offline by the list's own rules.

const SALES = { name: 'Sofia Sales', roleId: 3, isAdmin: 0 };
const MANAGER = { name: 'Mona Manager', roleId: 2, isAdmin: 0 };

// Sales rows as the server sends them (§8.9): a Total, no USD price, no stock.
const salesRow = (
  id: number,
  brandName: string,
  seriesName: string,
  modelName: string,
  kw: number | null,
  total: number | null,
): ModelRow => ({
  id,
  brandName,
  seriesName,
  modelName,
  modelCapacityKW: kw,
  modelTotal: total,
});

const ROWS = [
  salesRow(1, 'Chill', 'Arctic', 'Chill 12', 3.517, 16_000),
  salesRow(2, 'Chill', 'Arctic', 'Chill 18', 5.275, 20_209),
  salesRow(3, 'Chill', 'Breeze', 'Breeze 24', 7.034, null),
  salesRow(4, 'Polar', 'Ice', 'Ice 12', 3.517, 18_500),
];

const sheet = (overrides: Partial<SavedSheet> = {}): SavedSheet => ({
  userId: 7,
  user: SALES,
  savedAt: '2026-11-26T09:05:00.000Z',
  timeZone: 'Asia/Karachi',
  variables: { tr: '3.517', exch: '281.15', version: 4 },
  filterOptions: {
    brands: [
      {
        id: 10,
        brandName: 'Chill',
        series: [
          { id: 100, seriesName: 'Arctic' },
          { id: 101, seriesName: 'Breeze' },
        ],
      },
      { id: 11, brandName: 'Polar', series: [{ id: 110, seriesName: 'Ice' }] },
    ],
    sizes: ['1.00', '1.50', '2.00'],
  },
  rows: ROWS,
  ...overrides,
});

const search = (url: Record<string, unknown> = {}) => modelsSearchSchema.parse(url);
const names = (page: { data: ModelRow[] }) => page.data.map((row) => row.modelName);

describe('for how long', () => {
  const savedAt = '2026-11-26T09:05:00.000Z';
  const after = (ms: number) => new Date(Date.parse(savedAt) + ms);

  it('is refreshed when the models list opens at most every 10 minutes (the refresh query is fresh that long)', () => {
    expect(SHEET_REFRESH_MS).toBe(10 * 60_000);
  });

  it('is shown for 7 days, and not after', () => {
    expect(isSheetTooOld(savedAt, after(SHEET_SHOWN_FOR_MS))).toBe(false);
    expect(isSheetTooOld(savedAt, after(SHEET_SHOWN_FOR_MS + 1))).toBe(true);
    expect(isSheetTooOld(savedAt, after(8 * 24 * 60 * 60_000))).toBe(true);
    expect(sheetMessages.tooOld).toBe('The saved price sheet is too old to show. Connect to get the latest prices.');
  });

  it('says its time in the business time zone and its rate, as documents write them', () => {
    // 09:05 UTC is 14:05 in Karachi.
    expect(offlineBanner(sheet())).toBe('Offline: prices as of 26 Nov 2026, 14:05 (1 USD = Rs 281.15). Check before quoting.');
    expect(offlineBanner(sheet({ variables: { tr: '3.517', exch: '281.5', version: 4 } }))).toBe(
      'Offline: prices as of 26 Nov 2026, 14:05 (1 USD = Rs 281.50). Check before quoting.',
    );
  });
});

describe('for whom', () => {
  it('is the stored user’s sheet only: same name, role and admin flag', () => {
    const mine = sheet();
    const theirs = sheet({ userId: 8, user: MANAGER });
    expect(sheetOf([theirs, mine], SALES)).toBe(mine);
    expect(sheetOf([theirs], SALES)).toBeUndefined();
    expect(sheetOf([mine], { ...SALES, roleId: 2 })).toBeUndefined();
    expect(sheetOf([], SALES)).toBeUndefined();
  });
});

describe('what is kept, and shown offline', () => {
  it('keeps the rows as the role received them: a Sales sheet holds no USD price and no stock', () => {
    const kept = sheetPage(sheet(), search({ per_page: 'all' }), '/api/models').data;
    expect(kept).toEqual(ROWS);
    for (const row of kept) {
      expect(row).not.toHaveProperty('modelPriceUsd');
      expect(row).not.toHaveProperty('modelQuantity');
    }
  });

  it('searches, filters by brand, series and size, as the server does', () => {
    expect(names(sheetPage(sheet(), search({ search: 'chill 1' }), '/api/models'))).toEqual(['Chill 12', 'Chill 18']);
    expect(names(sheetPage(sheet(), search({ search: 'POLAR' }), '/api/models'))).toEqual(['Ice 12']);
    expect(names(sheetPage(sheet(), search({ brandId: 11 }), '/api/models'))).toEqual(['Ice 12']);
    expect(names(sheetPage(sheet(), search({ brandId: 10, seriesId: 101 }), '/api/models'))).toEqual(['Breeze 24']);
    expect(names(sheetPage(sheet(), search({ size: '1.00' }), '/api/models'))).toEqual(['Chill 12', 'Ice 12']);
  });

  it('sorts by the list’s keys; Sales’ price is the Total, empty values last both ways', () => {
    expect(names(sheetPage(sheet(), search(), '/api/models'))).toEqual(['Chill 12', 'Chill 18', 'Breeze 24', 'Ice 12']);
    expect(names(sheetPage(sheet(), search({ sort: 'price.desc' }), '/api/models'))).toEqual([
      'Chill 18',
      'Ice 12',
      'Chill 12',
      'Breeze 24',
    ]);
    expect(names(sheetPage(sheet(), search({ sort: 'price.asc' }), '/api/models'))).toEqual([
      'Chill 12',
      'Ice 12',
      'Chill 18',
      'Breeze 24',
    ]);
    expect(names(sheetPage(sheet(), search({ sort: 'model.desc' }), '/api/models'))).toEqual([
      'Ice 12',
      'Chill 18',
      'Chill 12',
      'Breeze 24',
    ]);
  });

  it('pages as the server does', () => {
    const page = sheetPage(sheet(), search({ page: 2, per_page: 3 }), '/api/models');
    expect(names(page)).toEqual(['Ice 12']);
    expect(page).toMatchObject({ total: 4, from: 4, to: 4, current_page: 2, last_page: 2 });
  });
});
