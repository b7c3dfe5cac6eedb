import type { TableData } from '#src/contract/common.ts';
import type { FilterOptions, ModelRow } from '#src/contract/models.ts';
import type { VariablesAnswer } from '#src/contract/variables.ts';
import type { ModelsSearch } from './list-searches.ts';
import { matchesModelFilters, modelOrder, type ListedModel } from './model-list.ts';
import { pageWindow, tableData } from './paging.ts';
import { rupeeRate, stampInstant } from './price-stamps.ts';

// The price sheet a phone keeps for when the signal goes (docs/design.md §8.6): what it holds, when
// it is refreshed, how long it may be shown, and the list drawn from it offline.

/** The models list refreshes the saved sheet when it opens, at most this often. */
export const SHEET_REFRESH_MS = 10 * 60_000;
/** A sheet older than this is not shown: its prices are too likely to have moved. */
export const SHEET_SHOWN_FOR_MS = 7 * 24 * 60 * 60_000;

export const sheetMessages = {
  tooOld: 'The saved price sheet is too old to show. Connect to get the latest prices.',
  none: 'No price sheet is saved on this device. Connect to load the prices.',
  notOffline: 'Not available offline: connect to use it.',
} as const;

/**
 * The signed-in user's whole list as their role sees it: every model `models` answers them, with
 * their columns only (a Sales row carries no USD price, §8.9), and the variables, pickers and
 * business time zone the offline list needs. `savedAt` is when the server's answers were read.
 */
export type SavedSheet = {
  userId: number;
  user: { name: string; roleId: number; isAdmin: number };
  savedAt: string;
  timeZone: string;
  variables: VariablesAnswer;
  filterOptions: FilterOptions;
  rows: ModelRow[];
};

export const isSheetTooOld = (savedAt: string, now: Date) => now.getTime() - Date.parse(savedAt) > SHEET_SHOWN_FOR_MS;

/** 'Offline: prices as of 26 Nov 2026, 14:05 (1 USD = Rs 281.15). Check before quoting.' */
export const offlineBanner = (sheet: Pick<SavedSheet, 'savedAt' | 'timeZone' | 'variables'>) =>
  `Offline: prices as of ${stampInstant(sheet.savedAt, sheet.timeZone)} (1 USD = ${rupeeRate(sheet.variables.exch)}). Check before quoting.`;

/**
 * A saved row as the list's rules read it. Rows name their brand and series, not their ids: the
 * pickers give the ids (names are unique within their parent). Sales sort by price on the Total,
 * which follows the USD price they are not sent.
 */
function listedRows(sheet: SavedSheet): (ListedModel & { row: ModelRow })[] {
  const brands = new Map(sheet.filterOptions.brands.map((brand) => [brand.brandName, brand]));
  return sheet.rows.map((row) => {
    const brand = brands.get(row.brandName);
    return {
      brand: { id: brand?.id ?? 0, name: row.brandName },
      series: { id: brand?.series.find((series) => series.seriesName === row.seriesName)?.id ?? 0, name: row.seriesName },
      model: { id: row.id, name: row.modelName },
      capacityKw: row.modelCapacityKW,
      price: row.modelPriceUsd ?? row.modelTotal ?? null,
      quantity: row.modelQuantity ?? null,
      minStock: row.modelMinStock ?? 0,
      isActive: row.modelIsActive,
      row,
    };
  });
}

/** The page of the saved sheet the list's URL asks for, filtered and sorted by the list's own rules. */
export function sheetPage(sheet: SavedSheet, search: ModelsSearch, path: string): TableData<ModelRow> {
  const rows = listedRows(sheet)
    .filter(matchesModelFilters(search, sheet.variables.tr))
    .sort(modelOrder(search.sort))
    .map(({ row }) => row);
  const request = {
    page: search.per_page === 'all' ? 1 : search.page,
    per_page: search.per_page === 'all' ? Math.max(1, rows.length) : search.per_page,
  };
  const window = pageWindow(request, rows.length);
  return tableData(path, request, rows.length, window ? rows.slice(window.offset, window.offset + window.limit) : []);
}

/**
 * The sheet of the user signed in on this device, if any: one saved by the same user as the stored
 * one (name, role and admin flag; the stored user keeps no id, §6). Another user's sign-in deletes
 * the others', so this is a second lock, not the only one.
 */
export const sheetOf = (sheets: readonly SavedSheet[], user: SavedSheet['user']): SavedSheet | undefined =>
  sheets.find((sheet) => sheet.user.name === user.name && sheet.user.roleId === user.roleId && sheet.user.isAdmin === user.isAdmin);
