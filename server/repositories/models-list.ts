import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { ModelFilters, ModelRow, ModelSort, ModelSortKey, ModelSortText } from '#src/contract/models.ts';
import { parseModelSort } from '#src/contract/models.ts';
import type { ModelRowShape } from '#src/domain/model-figures.ts';
import { isPostgres, type Db, type Store } from '#server/db/connect.ts';
import type { Database } from '#server/db/schema.ts';
import { inChunks } from './chunks.ts';
import { SLICE_ROWS } from '#server/db/slices.ts';
import { isLowStockSql } from './low-stock.ts';
import { kwFromMilli, usdFromCents } from './model-units.ts';
import { containsPattern, likePattern, readPage, readRowsInSlices, rowSlicesOf, type PageRequest } from './read-page.ts';

// The price list (models, models/export): the catalogue read a page or every row at a time, in
// the asked order, only the columns the role may see; and the same rows as prices alone, for a
// stamp of the sheet and the changes since a visit (§8.2). The model forms' reads and every write
// of a model are in models.ts.

/** Models with their series and brand: an inner join, in whatever order the planner picks. */
export function modelsWithNames(db: Kysely<Database>) {
  return db.selectFrom('models').innerJoin('series', 'series.id', 'models.series_id').innerJoin('brands', 'brands.id', 'series.brand_id');
}

// The list walks brands by name, each brand's series by name and each series' models by name,
// every step an index range in the list's order (the unique name keys; see the list-indexes
// migration), so a page is read in order and no request sorts the whole catalogue. SQLite takes
// CROSS JOIN as that loop order; PostgreSQL plans it as the inner join it is.
function modelsInListOrder(db: Kysely<Database>) {
  return db
    .selectFrom('brands')
    .crossJoin('series')
    .crossJoin('models')
    .whereRef('series.brand_id', '=', 'brands.id')
    .whereRef('models.series_id', '=', 'series.id');
}

// Up to this many rows sorted by another key, the planner picks the order the page is read in: the
// list's loop order would only feed a sort of the whole catalogue. For a page sorted by price,
// SQLite then walks the price index (see its migration) and sorts only each run of equal prices:
// 1 ms against 4 for the first 500 of the bench's 10,000 models. More rows (All, the export) read
// faster in the list's order and sorted once than by fetching each row the index names (SQLite:
// 14 against 17–23 ms for 10,000).
const PICKED_ORDER_ROWS = 1_000;

function modelsReadFor(db: Db, sort: ModelSort | undefined, rows: number) {
  return sort !== undefined && sort.key !== 'name' && rows <= PICKED_ORDER_ROWS ? modelsWithNames(db) : modelsInListOrder(db);
}

// The list's columns, and the row each read gives back in the same order (rows come as arrays).
// Stock and status follow only for the roles that receive them: what a role may not see is not
// even read. The price is always read: a role without it receives the Total worked out from it.
/** A model with its names and price, as the list reads it (a quote's lines read them so too). */
export const LIST_COLUMNS = [
  'models.id',
  'brands.name as brand_name',
  'series.name as series_name',
  'models.name',
  'models.capacity_milli_kw',
  'models.price_cents',
] as const;
type ListRow = [id: number, brandName: string, seriesName: string, name: string, capacityMilliKw: number | null, priceCents: number];
type ListColumn = (typeof LIST_COLUMNS)[number] | 'models.quantity' | 'models.min_stock' | 'models.is_active';

const listColumns = ({ seen }: ModelRowShape): ListColumn[] => [
  ...LIST_COLUMNS,
  ...(seen.modelQuantity ? (['models.quantity'] as const) : []),
  ...(seen.modelMinStock ? (['models.min_stock'] as const) : []),
  ...(seen.modelIsActive ? (['models.is_active'] as const) : []),
];

function modelRowOf({ seen, totalOf }: ModelRowShape) {
  // Where the optional columns sit in each row: after the shared ones, in listColumns' order.
  const quantityAt = LIST_COLUMNS.length;
  const minStockAt = quantityAt + (seen.modelQuantity ? 1 : 0);
  const isActiveAt = minStockAt + (seen.modelMinStock ? 1 : 0);
  return (values: unknown[]): ModelRow => {
    const [id, brandName, seriesName, name, capacityMilliKw, priceCents] = values as ListRow;
    const usd = usdFromCents(priceCents);
    const row: ModelRow = { id, brandName, seriesName, modelName: name, modelCapacityKW: kwFromMilli(capacityMilliKw) };
    if (totalOf) row.modelTotal = totalOf(usd);
    else row.modelPriceUsd = usd;
    if (seen.modelQuantity) row.modelQuantity = Number(values[quantityAt]);
    if (seen.modelMinStock) row.modelMinStock = Number(values[minStockAt]);
    if (seen.modelIsActive) row.modelIsActive = values[isActiveAt] === 1 ? 1 : 0;
    return row;
  };
}

/**
 * What a caller's list covers beyond the body's filters (docs/design.md §8.8), as the route decides
 * it: whether only sellable models are offered (src/domain/sellable.ts), and the `size` filter as
 * the capacities of that size (src/domain/model-size.ts), so the filter reads the capacity column.
 */
export type ModelsScope = {
  sellableOnly: boolean;
  capacity?: { fromMilliKw: number; belowMilliKw: number } | undefined;
  /** Only models made by this time (ISO): a model made later had no price then (changes since, §8.2). */
  madeBy?: string | undefined;
};

/** Only models that can be sold: the model, its series and its brand all active. */
export function onlySellable<O>(query: SelectQueryBuilder<Database, 'brands' | 'series' | 'models', O>) {
  return query.where('models.is_active', '=', 1).where('series.is_active', '=', 1).where('brands.is_active', '=', 1);
}

function filteredModels(db: Db, filters: ModelFilters, scope: ModelsScope, from = modelsInListOrder(db)) {
  let query = scope.sellableOnly ? onlySellable(from) : from;
  if (scope.madeBy !== undefined) query = query.where('models.created_at', '<=', scope.madeBy);
  if (scope.capacity !== undefined) {
    query = query
      .where('models.capacity_milli_kw', '>=', scope.capacity.fromMilliKw)
      .where('models.capacity_milli_kw', '<', scope.capacity.belowMilliKw);
  }
  if (filters.search) {
    const pattern = likePattern(containsPattern(filters.search));
    query = query.where((eb) =>
      eb.or([eb('models.name_key', 'like', pattern), eb('series.name_key', 'like', pattern), eb('brands.name_key', 'like', pattern)]),
    );
  }
  if (filters.brandId !== undefined) query = query.where('series.brand_id', '=', filters.brandId);
  if (filters.seriesId !== undefined) query = query.where('models.series_id', '=', filters.seriesId);
  if (filters.status !== undefined) query = query.where('models.is_active', '=', filters.status);
  if (filters.lowStock === 1) query = query.where(isLowStockSql);
  return query;
}

const sortOf = (text: ModelSortText | undefined) => (text === undefined ? undefined : parseModelSort(text));

// The list's own order, each name tie broken by id so that pages never overlap.
const NAME_ORDER = ['brands.name_key', 'brands.id', 'series.name_key', 'series.id', 'models.name_key', 'models.id'] as const;
const SORT_COLUMNS = {
  model: 'models.name_key',
  capacity: 'models.capacity_milli_kw',
  price: 'models.price_cents',
  quantity: 'models.quantity',
} as const;

/**
 * docs/design.md §7.1: `name` is the list's order, either way; any other key comes first and its
 * ties fall back to the list's order. An empty capacity sorts last both ways (NULLS LAST, which
 * SQLite and PostgreSQL both take). The other keys are never empty and say nothing of nulls:
 * PostgreSQL walks an index backwards only for its own null order, so `price_cents DESC NULLS
 * LAST` would sort the whole catalogue instead of reading the price index (see its migration).
 */
function ordered<O>(query: SelectQueryBuilder<Database, 'brands' | 'series' | 'models', O>, sort: ModelSort | undefined) {
  const direction = sort?.direction ?? 'asc';
  let sorted = query;
  if (sort !== undefined && sort.key !== 'name') {
    sorted = sorted.orderBy(SORT_COLUMNS[sort.key], (order) => {
      const way = direction === 'asc' ? order.asc() : order.desc();
      return sort.key === 'capacity' ? way.nullsLast() : way;
    });
  }
  const nameDirection = sort?.key === 'name' ? direction : 'asc';
  for (const column of NAME_ORDER) sorted = sorted.orderBy(column, nameDirection);
  return sorted;
}

export type ModelsAsked = { filters: ModelFilters; sort?: ModelSortText | undefined; scope: ModelsScope };

/** A page of the list, read through the RowReader (prepared statements, rows as arrays), so All (10,000 rows) stays cheap. */
export function listModels(store: Store, ask: ModelsAsked, page: PageRequest, shape: ModelRowShape) {
  const { db } = store;
  const sort = sortOf(ask.sort);
  return readPage(store, page, {
    counted: filteredModels(db, ask.filters, ask.scope),
    countThroughReader: true,
    page: (limit, offset) =>
      ordered(filteredModels(db, ask.filters, ask.scope, modelsReadFor(db, sort, limit)).select(listColumns(shape)), sort)
        .limit(limit)
        .offset(offset),
    rowOfValues: modelRowOf(shape),
  });
}

/**
 * The models the filters match (of `only` among them, when given), in the list's own order, no
 * columns yet: what a bulk edit selects (models/bulk-update), read as the list reads its rows.
 */
export function matchingInListOrder(db: Db, ask: Omit<ModelsAsked, 'sort'>, only?: readonly number[]) {
  const matching = filteredModels(db, ask.filters, ask.scope);
  return ordered(only === undefined ? matching : matching.where('models.id', 'in', only), undefined);
}

/** The ids of matchingInListOrder's models. */
export const idsInListOrder = (db: Db, ask: Omit<ModelsAsked, 'sort'>, only?: readonly number[]) =>
  matchingInListOrder(db, ask, only).select('models.id');

/** What the RowReader is told to expect for every matching row (an export): any number past one slice reads in slices. */
export const EVERY_ROW = Number.MAX_SAFE_INTEGER;

// Where each figure a list can be sorted by sits in a read row (listColumns' order): the key of
// an export sorted by it. A role may sort by quantity only if it sees it, so it is read then.
const FIGURE_AT: Partial<Record<ModelSortKey, number>> = {
  capacity: LIST_COLUMNS.indexOf('models.capacity_milli_kw'),
  price: LIST_COLUMNS.indexOf('models.price_cents'),
  quantity: LIST_COLUMNS.length,
};
type Figured = { figure: number | null; row: ModelRow };

/** ordered's order among rows in the list's own order: a stable sort by the figure, an empty one last both ways. */
const byFigure =
  (direction: ModelSort['direction']) =>
  ({ figure: a }: Figured, { figure: b }: Figured) => {
    if (a === b) return 0;
    if (a === null) return 1;
    if (b === null) return -1;
    return direction === 'asc' ? a - b : b - a;
  };

/**
 * Every row the filters match, in the asked order, read and made rows a slice at a time as they
 * are written (models/export). On SQLite, sorted by a figure, the rows are read whole in the list's
 * own order and sorted here, the list's order breaking ties as ordered's does: SQLite sorting 10,000 rows by price and the list's
 * name keys took 17-19 ms of CPU against 10-12 for the read in the list's order, and this sort 1-2,
 * all of it in this process either way (node:sqlite runs on the event loop's thread). PostgreSQL
 * sorts in its own process, where this sort would add to ours, so it sorts there. Text keys stay
 * with the database, whose collation orders them.
 */
export function allMatchingModels(store: Store, ask: ModelsAsked, shape: ModelRowShape): AsyncIterable<ModelRow[]> {
  const matching = filteredModels(store.db, ask.filters, ask.scope).select(listColumns(shape));
  const sort = sortOf(ask.sort);
  const rowOf = modelRowOf(shape);
  const at = sort && FIGURE_AT[sort.key];
  if (sort === undefined || at === undefined || isPostgres(store.db)) {
    return rowSlicesOf(store, ordered(matching, sort), EVERY_ROW, { rowOfValues: rowOf });
  }
  const read = () =>
    readRowsInSlices(store, ordered(matching, undefined), EVERY_ROW, {
      rowOfValues: (values): Figured => ({ figure: values[at] === null ? null : Number(values[at]), row: rowOf(values) }),
    });
  return sortedHere(read, sort.direction);
}

/** Rows read whole (when the first slice is asked for), sorted by their figure, handed on a slice at a time as the streamed reads are. */
async function* sortedHere(read: () => Promise<Figured[]>, direction: ModelSort['direction']): AsyncGenerator<ModelRow[]> {
  const rows = (await read()).sort(byFigure(direction));
  for (let start = 0; start < rows.length; start += SLICE_ROWS) yield rows.slice(start, start + SLICE_ROWS).map(({ row }) => row);
}

// A model's price and whether it can be sold (it, its series and its brand active), as a stamp
// records it and the changes since the last visit compare it (docs/design.md §8.2).
const PRICED_COLUMNS = ['models.id', 'models.price_cents', 'models.is_active', 'series.is_active', 'brands.is_active'] as const;
type PricedRow = [id: number, priceCents: number, modelActive: number, seriesActive: number, brandActive: number];

/** A model as `allMatchingPrices` reads it. */
export type PricedModel = { id: number; priceCents: number; sellable: boolean };

function pricedRowOf<Row>(rowOf: (model: PricedModel) => Row) {
  return {
    rowOfValues: (values: unknown[]) => {
      const [id, priceCents, modelActive, seriesActive, brandActive] = values as PricedRow;
      return rowOf({ id, priceCents: Number(priceCents), sellable: modelActive === 1 && seriesActive === 1 && brandActive === 1 });
    },
  };
}

/**
 * Every model the filters match, the list's own (its scope and filters), as its id, price and
 * sellable flag, each made a row by `rowOf` a slice at a time, as the export's rows are. In no
 * asked order: a stamp and the changes since a visit compare sets, and sorting 10,000 rows is one
 * step of the database that holds the event loop (SQLite's first step sorts them all).
 */
export function allMatchingPrices<Row>(store: Store, ask: Omit<ModelsAsked, 'sort'>, rowOf: (model: PricedModel) => Row): Promise<Row[]> {
  const rows = filteredModels(store.db, ask.filters, ask.scope).select(PRICED_COLUMNS);
  return readRowsInSlices(store, rows, EVERY_ROW, pricedRowOf(rowOf));
}

/**
 * The models of these ids that are still there (and within `scope`, when given), read as
 * allMatchingPrices reads them, a chunk of ids at a time, in no order.
 */
export async function pricesOfModels<Row>(
  store: Store,
  ids: readonly number[],
  rowOf: (model: PricedModel) => Row,
  scope: ModelsScope = { sellableOnly: false },
): Promise<Row[]> {
  const rows: Row[] = [];
  await inChunks(ids, async (chunk) => {
    const query = filteredModels(store.db, {}, scope, modelsWithNames(store.db)).select(PRICED_COLUMNS).where('models.id', 'in', chunk);
    for (const row of await readRowsInSlices(store, query, chunk.length, pricedRowOf(rowOf))) rows.push(row);
  });
  return rows;
}
