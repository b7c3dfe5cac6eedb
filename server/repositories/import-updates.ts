import { sql } from 'kysely';
import { fieldError } from '#src/contract/errors.ts';
import { fieldMessages } from '#src/contract/field-messages.ts';
import type { ModelUpdate } from '#src/domain/import-models.ts';
import { isPostgres, type Db } from '#server/db/connect.ts';
import { centsFromUsd, milliFromKw } from './model-units.ts';
import { inChunks } from './chunks.ts';
import { jsonRowsSelect, type JsonColumnType } from './json-rows.ts';

// A repricing import of 10,000 models used to update them one statement each: the first row's
// lock was held for the whole import (11–19 s on PostgreSQL, a stock add waiting 17 s). Now its
// rows are locked and written a chunk per statement (chunks.ts: 1,000 rows, 6 parameters each),
// after the plan was made from reads that lock nothing (docs/design.md §8.9: at most 2 s). A bulk
// edit (bulk-update.ts) writes its models with the same statement.

/** Each chunk's rows locked in id order, so two writers taking several of them never deadlock. */
const byId = (a: ModelUpdate, b: ModelUpdate) => a.id - b.id;

/**
 * Locks the chunk's models (PostgreSQL: FOR UPDATE; SQLite: BEGIN IMMEDIATE already holds the
 * file, sqlite-immediate.ts) and refuses the whole import, 422 under `file`, when any was saved
 * since the plan read it: the import never undoes an edit it did not preview.
 */
async function lockAsRead(trx: Db, chunk: readonly ModelUpdate[]): Promise<void> {
  const postgres = isPostgres(trx);
  const locked = await trx
    .selectFrom('models')
    .select(['id', 'version'])
    .where(
      'id',
      'in',
      chunk.map((model) => model.id),
    )
    .orderBy('id')
    .$if(postgres, (query) => query.forUpdate())
    .execute();
  const versions = new Map(locked.map((row) => [row.id, Number(row.version)]));
  if (chunk.some((model) => versions.get(model.id) !== model.version)) throw fieldError('file', fieldMessages.importChangedMeanwhile);
}

/**
 * What one UPDATE … FROM writes to a model: the price always; the capacity only when given (a
 * null is a blank capacity to write), the minimum stock and the status only when given.
 */
export type ModelWrite = Pick<ModelUpdate, 'id' | 'priceUsd' | 'capacityKw' | 'minStock'> & { isActive?: 0 | 1 };

/** The types of a written row's values (json-rows.ts), in the order of writeChunk's `v`. */
const WRITE_TYPES: readonly JsonColumnType[] = ['integer', 'bigint', 'integer', 'bigint', 'integer', 'integer'];

/**
 * One UPDATE … FROM for the chunk, writing only what each row sets (`set_capacity`, as a blank
 * capacity is a null to write), raising each version. Its rows arrive as one JSON parameter
 * (json-rows.ts, typed as the bigint and integer columns of migrations/2026-11-21-initial.ts on
 * PostgreSQL): a VALUES list compiled a node per value, as the import's inserts did.
 * The minimum stock and the status are named in SET only when a row of the chunk sets them: SQLite
 * rewrites every index holding a column SET names, even to the value it had (the status is in the
 * list's index), and a bulk price change of 10,000 models took it 77 ms against 58 without.
 */
async function writeChunk(trx: Db, chunk: readonly ModelWrite[], now: Date): Promise<void> {
  const setsMinStock = chunk.some((model) => model.minStock !== undefined);
  const setsStatus = chunk.some((model) => model.isActive !== undefined);
  const rows = chunk.map((model) => [
    model.id,
    centsFromUsd(model.priceUsd),
    model.capacityKw === undefined ? 0 : 1,
    model.capacityKw === undefined ? null : milliFromKw(model.capacityKw),
    model.minStock ?? null,
    model.isActive ?? null,
  ]);
  await sql`WITH v (id, price_cents, set_capacity, capacity_milli_kw, min_stock, is_active) AS (${jsonRowsSelect(trx, WRITE_TYPES, rows)})
    UPDATE models AS m SET
      price_cents = v.price_cents,
      capacity_milli_kw = CASE WHEN v.set_capacity = 1 THEN v.capacity_milli_kw ELSE m.capacity_milli_kw END,
      ${setsMinStock ? sql`min_stock = COALESCE(v.min_stock, m.min_stock),` : sql``}
      ${setsStatus ? sql`is_active = COALESCE(v.is_active, m.is_active),` : sql``}
      version = m.version + 1,
      updated_at = ${now.toISOString()}
    FROM v WHERE m.id = v.id`.execute(trx);
}

/** Writes models locked already by the caller's transaction, a chunk per statement (models/bulk-update). */
export const writeModels = (trx: Db, writes: readonly ModelWrite[], now: Date): Promise<void> =>
  inChunks(writes, (chunk) => writeChunk(trx, chunk, now));

/** Writes the plan's updates, each only to the model as the plan read it (its version), or 422. */
export async function updateAsPlanned(trx: Db, updates: readonly ModelUpdate[], now: Date): Promise<void> {
  await inChunks([...updates].sort(byId), async (chunk) => {
    await lockAsRead(trx, chunk);
    await writeChunk(trx, chunk, now);
  });
}
