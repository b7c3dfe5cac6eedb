import type { Kysely } from 'kysely';
import { fieldMessages } from '#src/contract/messages.ts';
import type { ModelDetail, ModelFilters, ModelRow } from '#src/contract/models.ts';
import { nameKey } from '#src/domain/names.ts';
import type { Db, RowReader } from '#server/db/connect.ts';
import type { Database } from '#server/db/schema.ts';
import { inChunks } from './chunks.ts';
import type { ModelFieldsSeen } from '#src/domain/model-fields.ts';
import { containsPattern, likePattern, readPage, rowsInSlices, type PageRequest } from './read-page.ts';
import { inTransaction } from './transaction.ts';
import { writeUniquely } from './unique.ts';
import { refuseIfStale, type Expected } from './versions.ts';

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
type ListColumn = (typeof LIST_COLUMNS)[number] | 'models.quantity' | 'models.is_active';

const listColumns = (seen: ModelFieldsSeen): ListColumn[] => [
  ...LIST_COLUMNS,
  ...(seen.modelQuantity ? (['models.quantity'] as const) : []),
  ...(seen.modelIsActive ? (['models.is_active'] as const) : []),
];

function modelRowOf(seen: ModelFieldsSeen) {
  // Where the optional columns sit in each row: after the shared ones, in listColumns' order.
  const quantityAt = LIST_COLUMNS.length;
  const isActiveAt = quantityAt + (seen.modelQuantity ? 1 : 0);
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
    if (seen.modelIsActive) row.modelIsActive = values[isActiveAt] === 1 ? 1 : 0;
    return row;
  };
}

/** A page of the list, read through the RowReader (prepared statements, rows as arrays), so All (10,000 rows) stays cheap. */
export async function listModels(
  db: Db,
  readRows: RowReader,
  path: string,
  filters: ModelFilters,
  page: PageRequest,
  seen: ModelFieldsSeen,
) {
  let query = modelsInListOrder(db);
  if (filters.search) {
    const pattern = likePattern(containsPattern(filters.search));
    query = query.where((eb) =>
      eb.or([eb('models.name_key', 'like', pattern), eb('series.name_key', 'like', pattern), eb('brands.name_key', 'like', pattern)]),
    );
  }
  if (filters.brandId !== undefined) query = query.where('series.brand_id', '=', filters.brandId);
  if (filters.seriesId !== undefined) query = query.where('models.series_id', '=', filters.seriesId);
  if (filters.status !== undefined) query = query.where('models.is_active', '=', filters.status);

  return readPage(
    path,
    page,
    async () => {
      const [[count]] = (await readRows(query.select((eb) => eb.fn.countAll<number>().as('count')).compile(), 1)) as [[number]];
      return count;
    },
    async (limit, offset) => {
      const rows = query
        .select(listColumns(seen))
        .orderBy('brands.name_key')
        .orderBy('brands.id')
        .orderBy('series.name_key')
        .orderBy('series.id')
        .orderBy('models.name_key')
        .orderBy('models.id')
        .limit(limit)
        .offset(offset);
      return rowsInSlices(await readRows(rows.compile(), limit), modelRowOf(seen));
    },
  );
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
    seriesName: row.series_name,
    brandName: row.brand_name,
    version: row.version,
  };
}

export async function allModels(db: Db) {
  const rows = await modelsWithNames(db)
    .select(['models.id', 'models.name', 'series.name as series_name'])
    .orderBy('brands.name_key')
    .orderBy('series.name_key')
    .orderBy('models.name_key')
    .orderBy('models.id')
    .execute();
  return rows.map((row) => ({ id: row.id, modelName: row.name, seriesName: row.series_name }));
}

export type ModelValues = { seriesId: number; name: string; capacityKw: number | null; priceUsd: number; isActive: 0 | 1 };
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
});

/**
 * Adds models, all or none. The quantity starts at 0 and moves only with the stock log
 * (stock.ts), so it always equals the log's sum.
 */
export async function insertModels(db: Db, models: readonly NewModel[], now = new Date()): Promise<void> {
  await uniqueName(() =>
    inTransaction(db, (trx) =>
      inChunks(models, (chunk) =>
        trx
          .insertInto('models')
          .values(
            chunk.map((model) => ({
              ...modelColumns(model),
              created_at: model.createdAt ?? now.toISOString(),
              updated_at: model.updatedAt ?? now.toISOString(),
            })),
          )
          .execute(),
      ),
    ),
  );
}

/** Rewrites a model's own fields; its quantity belongs to the stock log. */
export async function updateModel(db: Db, id: number, model: ModelValues & Expected, now = new Date()): Promise<void> {
  const result = await uniqueName(() =>
    db
      .updateTable('models')
      .set((eb) => ({ ...modelColumns(model), updated_at: now.toISOString(), version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .$if(model.expectedVersion !== undefined, (query) => query.where('version', '=', model.expectedVersion!))
      .executeTakeFirst(),
  );
  refuseIfStale(result, model);
}

export async function modelExists(db: Db, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('models').select('id').where('id', '=', id).executeTakeFirst());
}
