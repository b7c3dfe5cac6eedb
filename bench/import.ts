import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Connection } from '#server/db/connect.ts';
import { nameKey } from '#src/domain/names.ts';
import { nameSkeletonDigests } from '#server/repositories/unique.ts';
import { csvText, IMPORT_HEADER, importForm } from '#tests/support/import-files.ts';
import { collectClientGarbage } from './client-garbage.ts';
import { median } from './export.ts';
import { BENCH_USER, CATALOGUE } from './seed.ts';
import { measureRepricing, type RepricingFigures } from './import-repricing.ts';
import type { RunningServer } from './server.ts';

// docs/design.md §7.4: a 10,000-row import (new models, 50 in each of the bench's 200 series),
// previewed and applied through the API, against its bare writes (issue 37): the same rows written
// by one plain multi-row INSERT and each model's audit entry by a second one, in one transaction
// on the same database, with no code of ours: the writes alone that an apply cannot do without.
// For information, against that plain INSERT alone (issue 14's old baseline). Each is the
// median of three rounds, the imported models deleted after each, as the export's figures are
// medians, after rounds left untimed, as the API's loads follow a warm-up: V8 optimises the
// import's code over its first few runs in a process (a preview's server side read 150–230 ms
// in its first three, 70–100 ms from the fourth on, docs/performance.md). The first preview a
// server reads, before any of that, is shown for information.

export type ImportFigures = {
  rows: number;
  previewMs: number;
  applyMs: number;
  plainInsertMs: number;
  bareWritesMs: number;
  repricing: RepricingFigures;
  /** The warm-up's first preview: the import's code run for the first time in the server's process. */
  firstPreviewMs: number;
};
type RoundFigures = Omit<ImportFigures, 'rows' | 'firstPreviewMs'>;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The rows as the bench's catalogue names its brands and series (bench/seed.ts). */
function importRows() {
  return Array.from({ length: CATALOGUE.brands }, (_, b) =>
    Array.from({ length: CATALOGUE.seriesPerBrand }, (_, s) =>
      Array.from({ length: CATALOGUE.modelsPerSeries }, (_, m) => ({
        brand: `Brand ${pad(b + 1, 2)}`,
        series: `Series ${pad(b + 1, 2)}-${pad(s + 1, 2)}`,
        model: `IMP${pad(b + 1, 2)}${pad(s + 1, 2)}-${pad(m + 1, 3)}`,
        capacityMilli: 2_000 + m * 100,
        priceCents: 250_00 + m * 1_25,
      })),
    ).flat(),
  ).flat();
}
type ImportRow = ReturnType<typeof importRows>[number];

export const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const skeletons = (name: string) => Object.values(nameSkeletonDigests(name)).map(literal).join(', ');

/** Each series' id by its name (the bench's series names are unique). */
async function seriesIdsByName({ db }: Connection): Promise<Map<string, number>> {
  const series = await db.selectFrom('series').select(['id', 'name']).execute();
  return new Map(series.map((row) => [row.name, row.id]));
}

/**
 * Every row in one INSERT statement (values inline, past either database's parameter limit),
 * stamped with the time it is made: a text of its own each time, so no database or statement
 * cache skips parsing it.
 */
function modelsInsert(seriesIds: ReadonlyMap<string, number>, rows: readonly ImportRow[]): string {
  const now = literal(new Date().toISOString());
  const values = rows
    .map(
      (row) =>
        `(${seriesIds.get(row.series)}, ${literal(row.model)}, ${literal(nameKey(row.model))}, ${skeletons(row.model)}, ${row.capacityMilli}, ${row.priceCents}, 1, 0, ${now}, ${now})`,
    )
    .join(',');
  return `INSERT INTO models (series_id, name, name_key, name_skeleton, name_caps_skeleton, capacity_milli_kw, price_cents, is_active, min_stock, created_at, updated_at) VALUES ${values}`;
}

/**
 * An audit entry for each imported model, as models/import writes them (the same columns, the
 * write's id among them, a `changes` text of the same fields, its figures in the stored units: a
 * character or two from the entry's own), made by the database from the rows just inserted: the
 * least an apply must write beside the models.
 */
async function auditInsert({ db }: Connection): Promise<string> {
  const { id } = await db.selectFrom('users').select('id').where('username', '=', BENCH_USER).executeTakeFirstOrThrow();
  const changes = `'{"modelName":[null,"' || name || '"],"modelCapacityKW":[null,' || capacity_milli_kw || '],"modelPriceUsd":[null,' || price_cents || '],"modelSeriesId":[null,' || series_id || '],"modelIsActive":[null,1],"modelMinStock":[null,0]}'`;
  return `INSERT INTO audit_log (user_id, user_name, action, entity_type, entity_id, entity_name, changes, created_at, write_id) SELECT ${id}, ${literal(BENCH_USER)}, 'model.import', 'model', id, name, ${changes}, created_at, ${literal(randomUUID())} FROM models WHERE name LIKE 'IMP%'`;
}

/** The statements run in one transaction on the bench's own connection: the time it took. */
export async function timedTransaction({ db }: Connection, statements: readonly string[]): Promise<number> {
  collectClientGarbage();
  const started = performance.now();
  await db.transaction().execute(async (trx) => {
    for (const statement of statements) await sql.raw(statement).execute(trx);
  });
  return performance.now() - started;
}

/** The statements timed in one transaction; the rows removed after. */
async function timedWrites(connection: Connection, statements: readonly string[]): Promise<number> {
  const ms = await timedTransaction(connection, statements);
  await removeImported(connection.db);
  return ms;
}

/** Gone again, so the next import creates every row. */
async function removeImported(db: Connection['db']) {
  await db.deleteFrom('models').where('name', 'like', 'IMP%').execute();
}

const ROUNDS = 3;
const WARM_UP_ROUNDS = 2;

async function timedImport(server: RunningServer, call: 'models/import-preview' | 'models/import', bytes: Uint8Array): Promise<number> {
  const body = importForm(bytes);
  collectClientGarbage();
  const started = performance.now();
  const response = await fetch(`${server.url}/api/${call}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}` },
    body,
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${call} answered ${response.status}`);
  return performance.now() - started;
}

/** The rows as a CSV, each price `raiseCents` higher (a repricing of the models the rows created). */
const importFile = (rows: readonly ImportRow[], raiseCents: number) =>
  new TextEncoder().encode(
    csvText([
      IMPORT_HEADER,
      ...rows.map((row) => [
        row.brand,
        row.series,
        row.model,
        String(row.capacityMilli / 1000),
        ((row.priceCents + raiseCents) / 100).toFixed(2),
      ]),
    ]),
  );

export async function measureImport(server: RunningServer, connection: Connection): Promise<ImportFigures> {
  const rows = importRows();
  const bytes = importFile(rows, 0);
  const seriesIds = await seriesIdsByName(connection);
  const audits = await auditInsert(connection);
  const oneRound = async (): Promise<RoundFigures> => {
    const figures = {
      plainInsertMs: await timedWrites(connection, [modelsInsert(seriesIds, rows)]),
      bareWritesMs: await timedWrites(connection, [modelsInsert(seriesIds, rows), audits]),
      previewMs: await timedImport(server, 'models/import-preview', bytes),
      applyMs: await timedImport(server, 'models/import', bytes),
      repricing: await measureRepricing(server, connection, importFile(rows, 1_00)),
    };
    await removeImported(connection.db);
    return figures;
  };
  const warmUps: RoundFigures[] = [];
  for (let round = 0; round < WARM_UP_ROUNDS; round++) warmUps.push(await oneRound());
  const rounds: RoundFigures[] = [];
  for (let round = 0; round < ROUNDS; round++) rounds.push(await oneRound());
  const medianOf = (figure: (of: RoundFigures) => number) => median(rounds.map(figure));
  return {
    rows: rows.length,
    firstPreviewMs: warmUps[0]!.previewMs,
    previewMs: medianOf((of) => of.previewMs),
    applyMs: medianOf((of) => of.applyMs),
    plainInsertMs: medianOf((of) => of.plainInsertMs),
    bareWritesMs: medianOf((of) => of.bareWritesMs),
    repricing: {
      applyMs: medianOf((of) => of.repricing.applyMs),
      locksHeldMs: medianOf((of) => of.repricing.locksHeldMs),
    },
  };
}
