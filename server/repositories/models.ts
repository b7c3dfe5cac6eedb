import type { Kysely, SelectQueryBuilder } from 'kysely';
import { fieldMessages } from '#src/contract/messages.ts';
import type { ModelDetail, ModelFilters, ModelRow, ModelSort, ModelSortText } from '#src/contract/models.ts';
import { parseModelSort } from '#src/contract/models.ts';
import { diffChanges } from '#src/domain/audit.ts';
import { nameKey } from '#src/domain/names.ts';
import type { Db, RowReader } from '#server/db/connect.ts';
import type { Database, ModelsTable } from '#server/db/schema.ts';
import { inChunks } from './chunks.ts';
import { isLowStockSql } from './low-stock.ts';
import type { ModelFieldsSeen } from '#src/domain/model-fields.ts';
import { containsPattern, likePattern, readPage, rowsInSlices, type PageRequest } from './read-page.ts';
import { inTransaction } from './transaction.ts';
import { writeUniquely } from './unique.ts';
import { refuseIfStale, type Expected } from './versions.ts';
import { lockRecord, recordAudit, recordAudits, type By } from './audit.ts';

// Prices and capacities are kept as whole cents and thousandths of a kW; the wire carries
// decimals. Dividing a whole number by 100 or 1000 gives the nearest double to the decimal,
// which JSON prints back exactly as the decimal.
const centsFromUsd = (usd: number) => Math.round(usd * 100);
const milliFromKw = (kw: number | null) => (kw === null ? null : Math.round(kw * 1000));
export const usdFromCents = (cents: number) => Number(cents) / 100;
export const kwFromMilli = (milli: number | null) => (milli === null ? null : Number(milli) / 1000);

function modelsWithNames(db: Kysely<Database>) {
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
// even read.
const LIST_COLUMNS = [
  'models.id',
  'brands.name as brand_name',
  'series.name as series_name',
  'models.name',
  'models.capacity_milli_kw',
  'models.price_cents',
] as const;
type ListRow = [id: number, brandName: string, seriesName: string, name: string, capacityMilliKw: number | null, priceCents: number];
type ListColumn = (typeof LIST_COLUMNS)[number] | 'models.quantity' | 'models.min_stock' | 'models.is_active';

const listColumns = (seen: ModelFieldsSeen): ListColumn[] => [
  ...LIST_COLUMNS,
  ...(seen.modelQuantity ? (['models.quantity'] as const) : []),
  ...(seen.modelMinStock ? (['models.min_stock'] as const) : []),
  ...(seen.modelIsActive ? (['models.is_active'] as const) : []),
];

function modelRowOf(seen: ModelFieldsSeen) {
  // Where the optional columns sit in each row: after the shared ones, in listColumns' order.
  const quantityAt = LIST_COLUMNS.length;
  const minStockAt = quantityAt + (seen.modelQuantity ? 1 : 0);
  const isActiveAt = minStockAt + (seen.modelMinStock ? 1 : 0);
  return (values: unknown[]): ModelRow => {
    const [id, brandName, seriesName, name, capacityMilliKw, priceCents] = values as ListRow;
    const row: ModelRow = {
      id,
      brandName,
      seriesName,
      modelName: name,
      modelCapacityKW: kwFromMilli(capacityMilliKw),
      modelPriceUsd: usdFromCents(priceCents),
    };
    if (seen.modelQuantity) row.modelQuantity = Number(values[quantityAt]);
    if (seen.modelMinStock) row.modelMinStock = Number(values[minStockAt]);
    if (seen.modelIsActive) row.modelIsActive = values[isActiveAt] === 1 ? 1 : 0;
    return row;
  };
}

function filteredModels(db: Db, filters: ModelFilters, from = modelsInListOrder(db)) {
  let query = from;
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

/** A page of the list, read through the RowReader (prepared statements, rows as arrays), so All (10,000 rows) stays cheap. */
export async function listModels(
  db: Db,
  readRows: RowReader,
  path: string,
  ask: { filters: ModelFilters; sort?: ModelSortText | undefined },
  page: PageRequest,
  seen: ModelFieldsSeen,
) {
  const sort = sortOf(ask.sort);
  return readPage(
    path,
    page,
    async () => {
      const [[count]] = (await readRows(
        filteredModels(db, ask.filters)
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .compile(),
        1,
      )) as [[number]];
      return count;
    },
    async (limit, offset) => {
      const rows = ordered(filteredModels(db, ask.filters, modelsReadFor(db, sort, limit)).select(listColumns(seen)), sort)
        .limit(limit)
        .offset(offset);
      return rowsInSlices(await readRows(rows.compile(), limit), modelRowOf(seen));
    },
  );
}

// What the RowReader is told to expect for an export: any number past one slice reads in slices.
const EVERY_ROW = Number.MAX_SAFE_INTEGER;

/** Every row the filters match, in the asked order, read and made rows in slices (models/export). */
export async function allMatchingModels(
  readRows: RowReader,
  db: Db,
  ask: { filters: ModelFilters; sort?: ModelSortText | undefined },
  seen: ModelFieldsSeen,
): Promise<ModelRow[]> {
  const rows = ordered(filteredModels(db, ask.filters).select(listColumns(seen)), sortOf(ask.sort));
  return rowsInSlices(await readRows(rows.compile(), EVERY_ROW), modelRowOf(seen));
}

export async function findModelDetail(db: Db, id: number): Promise<ModelDetail | undefined> {
  const row = await modelsWithNames(db)
    .select([
      'models.id',
      'models.name',
      'models.capacity_milli_kw',
      'models.price_cents',
      'models.series_id',
      'series.brand_id',
      'models.is_active',
      'models.quantity',
      'models.min_stock',
      'series.name as series_name',
      'brands.name as brand_name',
      'models.version',
    ])
    .where('models.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    modelName: row.name,
    modelCapacityKW: kwFromMilli(row.capacity_milli_kw),
    modelPriceUsd: usdFromCents(row.price_cents),
    modelSeriesId: row.series_id,
    modelBrandId: row.brand_id,
    modelIsActive: row.is_active === 1 ? 1 : 0,
    modelQuantity: Number(row.quantity),
    modelMinStock: Number(row.min_stock),
    seriesName: row.series_name,
    brandName: row.brand_name,
    version: row.version,
  };
}

export async function allModels(db: Db) {
  const rows = await modelsWithNames(db)
    .select(['models.id', 'models.name', 'series.name as series_name', 'brands.name as brand_name'])
    .orderBy('brands.name_key')
    .orderBy('series.name_key')
    .orderBy('models.name_key')
    .orderBy('models.id')
    .execute();
  return rows.map((row) => ({ id: row.id, modelName: row.name, seriesName: row.series_name, brandName: row.brand_name }));
}

/** `minStock` missing: 0 for a new model, the stored one on an update. */
export type ModelValues = {
  seriesId: number;
  name: string;
  capacityKw: number | null;
  priceUsd: number;
  isActive: 0 | 1;
  minStock?: number | undefined;
};
/** A loader writing history gives a model its own times; otherwise both are the time of the write. */
export type NewModel = ModelValues & { createdAt?: string; updatedAt?: string };

// A name is unique within its series: the unique key decides, with no check-then-write race.
const uniqueName = <T>(write: () => Promise<T>) => writeUniquely('modelName', fieldMessages.modelNameTaken, write);

const modelColumns = (model: ModelValues) => ({
  series_id: model.seriesId,
  name: model.name,
  name_key: nameKey(model.name),
  capacity_milli_kw: milliFromKw(model.capacityKw),
  price_cents: centsFromUsd(model.priceUsd),
  is_active: model.isActive,
  ...(model.minStock !== undefined && { min_stock: model.minStock }),
});

type ModelColumns = Pick<ModelsTable, 'series_id' | 'name' | 'capacity_milli_kw' | 'price_cents' | 'is_active'> & { min_stock?: number };
const WRITTEN_COLUMNS = ['series_id', 'name', 'capacity_milli_kw', 'price_cents', 'is_active', 'min_stock'] as const;

/**
 * What an audit entry compares: the model's own fields by their contract names (its quantity is the
 * stock log's). A write that leaves the minimum stock as it is does not name it.
 */
const auditFields = (row: ModelColumns) => ({
  modelName: row.name,
  modelCapacityKW: kwFromMilli(row.capacity_milli_kw),
  modelPriceUsd: usdFromCents(row.price_cents),
  modelSeriesId: row.series_id,
  modelIsActive: row.is_active,
  ...(row.min_stock !== undefined && { modelMinStock: Number(row.min_stock) }),
});

/**
 * Adds models, all or none, each with its audit entry. The quantity starts at 0 and moves only
 * with the stock log (stock.ts), so it always equals the log's sum.
 */
export async function insertModels(
  db: Db,
  by: By,
  models: readonly NewModel[],
  now = new Date(),
  action: 'model.create' | 'model.import' = 'model.create',
): Promise<void> {
  await uniqueName(() =>
    inTransaction(db, (trx) =>
      inChunks(models, async (chunk) => {
        const rows = await trx
          .insertInto('models')
          .values(
            chunk.map((model) => ({
              ...modelColumns(model),
              created_at: model.createdAt ?? now.toISOString(),
              updated_at: model.updatedAt ?? now.toISOString(),
            })),
          )
          .returning(['id', ...WRITTEN_COLUMNS])
          .execute();
        // Each entry comes from its returned row, so nothing depends on the order rows come back in;
        // a chunk's entries go in one INSERT, as its models did.
        const entries = rows.map((row) => ({
          action,
          entityId: row.id,
          entityName: row.name,
          changes: diffChanges(null, auditFields(row)),
        }));
        await recordAudits(trx, by, entries, now);
      }),
    ),
  );
}

/** Rewrites a model's own fields, with its audit entry; its quantity belongs to the stock log. */
export async function updateModel(
  db: Db,
  by: By,
  id: number,
  model: ModelValues & Expected,
  now = new Date(),
  action: 'model.update' | 'model.import' = 'model.update',
): Promise<void> {
  await uniqueName(() =>
    inTransaction(db, async (trx) => {
      await lockRecord(trx, 'models', id);
      const before = await trx.selectFrom('models').select(WRITTEN_COLUMNS).where('id', '=', id).executeTakeFirst();
      const after = modelColumns(model);
      const result = await trx
        .updateTable('models')
        .set((eb) => ({ ...after, updated_at: now.toISOString(), version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .$if(model.expectedVersion !== undefined, (query) => query.where('version', '=', model.expectedVersion!))
        .executeTakeFirst();
      refuseIfStale(result, model);
      if (!before) return;
      const changes = diffChanges(auditFields(before), auditFields(after));
      await recordAudit(trx, by, { action, entityId: id, entityName: model.name, changes }, now);
    }),
  );
}

export async function modelExists(db: Db, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('models').select('id').where('id', '=', id).executeTakeFirst());
}
