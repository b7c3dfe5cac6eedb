import { fieldMessages } from '#src/contract/field-messages.ts';
import type { ModelDetail } from '#src/contract/models.ts';
import { sql } from 'kysely';
import type { Db } from '#server/db/connect.ts';
import type { ModelsTable } from '#server/db/schema.ts';
import { centsFromUsd, kwFromMilli, milliFromKw, usdFromCents } from './model-units.ts';
import { modelsWithNames } from './models-list.ts';
import { inTransaction } from './transaction.ts';
import { nameColumns, writeUniquely } from './unique.ts';
import { auditedUpdate, type Expected } from './versions.ts';
import { recordAuditsMade, type By } from './audit.ts';
import { jsonDecimal, jsonInteger, jsonString } from './json-text.ts';
import { jsonRowsSelect, type JsonColumnType } from './json-rows.ts';

// A model one at a time, as its forms and pickers read it, and every write of models. The price
// list's reads are in models-list.ts.

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

// A name is unique within its series: the unique key and skeleton decide, with no check-then-write race.
const uniqueName = <T>(write: () => Promise<T>) => writeUniquely('modelName', fieldMessages.modelNameTaken, write);

const modelColumns = (model: ModelValues) => ({
  series_id: model.seriesId,
  ...nameColumns(model.name),
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

/** The columns a new model is written with, and their types as PostgreSQL reads them from JSON (json-rows.ts). */
const INSERTED_COLUMNS = [
  ['series_id', 'integer'],
  ['name', 'text'],
  ['name_key', 'text'],
  ['name_skeleton', 'text'],
  ['name_caps_skeleton', 'text'],
  ['capacity_milli_kw', 'bigint'],
  ['price_cents', 'bigint'],
  ['is_active', 'integer'],
  ['min_stock', 'integer'],
  ['created_at', 'text'],
  ['updated_at', 'text'],
] as const satisfies readonly (readonly [keyof ModelsTable, JsonColumnType])[];
const INSERT_MODELS = `INSERT INTO models (${INSERTED_COLUMNS.map(([column]) => column).join(', ')}) `;

/** A new model's values in the order of INSERTED_COLUMNS: a minimum stock not given is the column's default, 0. */
function insertedValues(model: NewModel, now: string): unknown[] {
  const { name_key, name_skeleton, name_caps_skeleton } = nameColumns(model.name);
  return [
    model.seriesId,
    model.name,
    name_key,
    name_skeleton,
    name_caps_skeleton,
    milliFromKw(model.capacityKw),
    centsFromUsd(model.priceUsd),
    model.isActive,
    model.minStock ?? 0,
    model.createdAt ?? now,
    model.updatedAt ?? now,
  ];
}

/**
 * A new model's entry as the database makes it from its row: `changes` is
 * `diffChanges(null, auditFields(row))` written as JSON.stringify writes it (json-text.ts), the
 * capacity left out when there is none (a field diffChanges finds unchanged). A field added to
 * auditFields belongs here too, and in tests/api/audit-made-entries.test.ts, which compares the JSON.
 */
function createdEntries(db: Db, ids: readonly { id: number }[]) {
  const changes = sql`'{"modelName":[null,' || ${jsonString(db, 'name')} || ']' || CASE WHEN capacity_milli_kw IS NULL THEN '' ELSE ',"modelCapacityKW":[null,' || ${jsonDecimal('capacity_milli_kw', 1000)} || ']' END || ',"modelPriceUsd":[null,' || ${jsonDecimal('price_cents', 100)} || '],"modelSeriesId":[null,' || ${jsonInteger('series_id')} || '],"modelIsActive":[null,' || ${jsonInteger('is_active')} || '],"modelMinStock":[null,' || ${jsonInteger('min_stock')} || ']}'`;
  const inserted = jsonRowsSelect(
    db,
    ['integer'],
    ids.map(({ id }) => [id]),
  );
  return sql`SELECT id AS entity_id, name AS entity_name, ${changes} AS changes FROM models WHERE id IN (${inserted})`;
}

/**
 * Adds models, all or none, each with its audit entry, in one INSERT (json-rows.ts) and one for
 * the entries, which the database makes from the inserted rows. The quantity starts at 0 and
 * moves only with the stock log (stock.ts), so it always equals the log's sum.
 */
export async function insertModels(
  db: Db,
  by: By,
  models: readonly NewModel[],
  now = new Date(),
  action: 'model.create' | 'model.import' = 'model.create',
): Promise<void> {
  if (models.length === 0) return;
  const at = now.toISOString();
  const values = jsonRowsSelect(
    db,
    INSERTED_COLUMNS.map(([, type]) => type),
    models.map((model) => insertedValues(model, at)),
  );
  await uniqueName(() =>
    inTransaction(db, async (trx) => {
      const { rows } = await sql<{ id: number }>`${sql.raw(INSERT_MODELS)}${values} RETURNING id`.execute(trx);
      await recordAuditsMade(trx, by, action, rows.length, createdEntries(trx, rows), now);
    }),
  );
}

/** Rewrites a model's own fields, with its audit entry; its quantity belongs to the stock log. */
export async function updateModel(db: Db, by: By, id: number, model: ModelValues & Expected, now = new Date()): Promise<void> {
  await uniqueName(() =>
    auditedUpdate(
      db,
      by,
      {
        table: 'models',
        id,
        expectedVersion: model.expectedVersion,
        read: (trx) => trx.selectFrom('models').select(WRITTEN_COLUMNS).where('id', '=', id).executeTakeFirst(),
        set: () => modelColumns(model),
        audit: { action: 'model.update', name: (after) => after.name, fields: auditFields },
      },
      now,
    ),
  );
}

export async function modelExists(db: Db, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('models').select('id').where('id', '=', id).executeTakeFirst());
}
