import { sql } from 'kysely';
import type { Connection } from '#server/db/connect.ts';
import { median, timed } from './export.ts';
import { literal, timedTransaction } from './import.ts';
import { ratioRow, type Row } from './report.ts';
import { BENCH_USER } from './seed.ts';
import type { RunningServer } from './server.ts';

// docs/design.md §8.4: models/bulk-update of every model (filters: all, Price USD +4 %), applied
// through the API against the bare writes it needs made in one transaction on the same database
// (the UPDATE of the models and an audit entry each, as the apply writes them; target ≤ 3×), and
// its preview against the All JSON call of the same models (≤ 2×). Each pair in turns, which goes
// first alternating, each figure the median of the rounds; after every write the prices, versions
// and audit log are put back as they were, so each round changes the same prices and the parts
// measured after this one find the catalogue as seeded.

const ROUNDS = 5;
const RAISE_PERCENT = 4;

export type BulkFigures = { applyMs: number; bareMs: number; previewMs: number; allJsonMs: number };

const bulkBody = (preview: 0 | 1) => ({ filters: {}, price: { mode: 'percent', value: RAISE_PERCENT }, preview });

/** A price raised as the edit raises it, in whole cents, rounded half up. */
const raised = `(price_cents * ${100 + RAISE_PERCENT} + 50) / 100`;
/** Whole cents as Price USD is written in an entry's changes (1234.5 for 123450): the same length. */
// SQLite binds || tighter than / and %: every part in its brackets.
const usd = (cents: string) => `((${cents}) / 100) || '.' || ((${cents}) % 100)`;

/**
 * The writes an apply cannot do without, as statements: each model's `model.update` entry (the
 * same columns, a `changes` of the same size) made by the database from the prices before, then
 * the one UPDATE of every model's price, version and time.
 */
async function bareWrites({ db }: Connection): Promise<string[]> {
  const { id, name } = await db.selectFrom('users').select(['id', 'name']).where('username', '=', BENCH_USER).executeTakeFirstOrThrow();
  const now = literal(new Date().toISOString());
  const changes = `'{"modelPriceUsd":[' || ${usd('price_cents')} || ',' || ${usd(raised)} || ']}'`;
  return [
    `INSERT INTO audit_log (user_id, user_name, action, entity_type, entity_id, entity_name, changes, created_at, write_id) SELECT ${id}, ${literal(name)}, 'model.update', 'model', id, name, ${changes}, ${now}, ${literal(crypto.randomUUID())} FROM models`,
    `UPDATE models SET price_cents = ${raised}, version = version + 1, updated_at = ${now}`,
  ];
}

const SNAPSHOT = 'bench_bulk_before';

/** What every round writes over, kept aside: each model's price, version and time, and the log's last entry. */
async function keepCatalogue({ db }: Connection): Promise<number> {
  await sql.raw(`CREATE TABLE ${SNAPSHOT} AS SELECT id, price_cents, version, updated_at FROM models`).execute(db);
  const { last } = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.max('id').as('last'))
    .executeTakeFirstOrThrow();
  return Number(last ?? 0);
}

/** The models and the audit log as keepCatalogue found them. */
async function restoreCatalogue({ db }: Connection, lastEntry: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql
      .raw(
        `UPDATE models SET price_cents = b.price_cents, version = b.version, updated_at = b.updated_at FROM ${SNAPSHOT} AS b WHERE models.id = b.id`,
      )
      .execute(trx);
    await trx.deleteFrom('audit_log').where('id', '>', lastEntry).execute();
  });
}

export async function measureBulkUpdate(server: RunningServer, connection: Connection, total: number): Promise<BulkFigures> {
  const statements = await bareWrites(connection);
  const lastEntry = await keepCatalogue(connection);
  const times = { apply: [] as number[], bare: [] as number[], preview: [] as number[], all: [] as number[] };
  const runApply = async () => {
    times.apply.push(await timed(server, 'models/bulk-update', bulkBody(0)));
    await restoreCatalogue(connection, lastEntry);
  };
  const runBare = async () => {
    times.bare.push(await timedTransaction(connection, statements));
    await restoreCatalogue(connection, lastEntry);
  };
  const runPreview = async () => void times.preview.push(await timed(server, 'models/bulk-update', bulkBody(1)));
  const runAll = async () => void times.all.push(await timed(server, 'models', { filters: {}, page: 1, per_page: total }));
  try {
    // A warm-up of each, not counted: the first call on a server also times V8 compiling its code.
    for (const run of [runApply, runBare, runPreview, runAll]) await run();
    for (const list of Object.values(times)) list.length = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const run of round % 2 ? [runBare, runApply, runAll, runPreview] : [runApply, runBare, runPreview, runAll]) await run();
    }
  } finally {
    await sql.raw(`DROP TABLE ${SNAPSHOT}`).execute(connection.db);
  }
  return { applyMs: median(times.apply), bareMs: median(times.bare), previewMs: median(times.preview), allJsonMs: median(times.all) };
}

export function bulkRows(kind: string, total: number, figures: BulkFigures): Row[] {
  const update = `Bulk ${kind} update of ${total} models`;
  return [
    ratioRow(`${update}: apply`, figures.applyMs, figures.bareMs, 'ms', 3),
    ratioRow(`${update}: preview vs All JSON`, figures.previewMs, figures.allJsonMs, 'ms', 2),
  ];
}
