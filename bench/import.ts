import { sql } from 'kysely';
import type { Connection } from '#server/db/connect.ts';
import { nameKey } from '#src/domain/names.ts';
import { csvText, IMPORT_HEADER, importForm } from '#tests/support/import-files.ts';
import { CATALOGUE } from './seed.ts';
import type { RunningServer } from './server.ts';

// docs/design.md §7.4: a 10,000-row import (new models, 50 in each of the bench's 200 series),
// previewed and applied through the API, against the same rows written by one plain multi-row
// INSERT in one transaction on the same database. Each is the median of three rounds, the imported
// models deleted after each, as the export's figures are medians: the first round on a new server
// also times V8 compiling the import's code.

export type ImportFigures = { rows: number; previewMs: number; applyMs: number; plainInsertMs: number };

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

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The baseline: every row in one INSERT statement (values inline, past either database's parameter limit) in one transaction. */
async function plainInsert({ db }: Connection, rows: readonly ImportRow[]): Promise<number> {
  const seriesIds = new Map(
    (await db.selectFrom('series').innerJoin('brands', 'brands.id', 'series.brand_id').select(['series.id', 'series.name']).execute()).map(
      (row) => [row.name, row.id],
    ),
  );
  const now = literal(new Date().toISOString());
  const values = rows
    .map(
      (row) =>
        `(${seriesIds.get(row.series)}, ${literal(row.model)}, ${literal(nameKey(row.model))}, ${row.capacityMilli}, ${row.priceCents}, 1, ${now}, ${now})`,
    )
    .join(',');
  const started = performance.now();
  await db
    .transaction()
    .execute((trx) =>
      sql
        .raw(
          `INSERT INTO models (series_id, name, name_key, capacity_milli_kw, price_cents, is_active, created_at, updated_at) VALUES ${values}`,
        )
        .execute(trx),
    );
  const ms = performance.now() - started;
  await removeImported(db);
  return ms;
}

/** Gone again, so the next import creates every row. */
async function removeImported(db: Connection['db']) {
  await db.deleteFrom('models').where('name', 'like', 'IMP%').execute();
}

const ROUNDS = 3;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timedImport(server: RunningServer, call: 'models/import-preview' | 'models/import', bytes: Uint8Array): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${server.url}/api/${call}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}` },
    body: importForm(bytes),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${call} answered ${response.status}`);
  return performance.now() - started;
}

export async function measureImport(server: RunningServer, connection: Connection): Promise<ImportFigures> {
  const rows = importRows();
  const bytes = new TextEncoder().encode(
    csvText([
      IMPORT_HEADER,
      ...rows.map((row) => [row.brand, row.series, row.model, String(row.capacityMilli / 1000), (row.priceCents / 100).toFixed(2)]),
    ]),
  );
  const previews: number[] = [];
  const applies: number[] = [];
  const plainInserts: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    plainInserts.push(await plainInsert(connection, rows));
    previews.push(await timedImport(server, 'models/import-preview', bytes));
    applies.push(await timedImport(server, 'models/import', bytes));
    await removeImported(connection.db);
  }
  return { rows: rows.length, previewMs: median(previews), applyMs: median(applies), plainInsertMs: median(plainInserts) };
}
