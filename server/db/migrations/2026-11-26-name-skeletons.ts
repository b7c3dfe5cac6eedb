import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { createHash } from 'node:crypto';
import unhomoglyph from 'unhomoglyph';

// Frozen: a later change to the schema is a new migration, never an edit here.
//
// Names of brands, series and models are unique within their parent by their look-alike skeleton,
// as usernames are (docs/design.md §8.9, §7.6): 'АС-1' in Cyrillic is 'AC-1', 'КМ-12' is 'KM-12'
// (and 'km-12'), and U+2011 hyphens are '-'. This adds two skeleton digests to each table (of the
// name as shown, and of the name in capitals), computes them for every row and makes each unique
// where the name key is: brands in the whole table, series within their brand, models within their
// series. Every row is kept: where two rows of one parent share a skeleton, the later one keeps a
// skeleton of its own, marked with its id, and the collision is logged for an admin to rename one
// of them; the migration still completes.
//
// The skeletons are computed as the code did on this date (src/domain/skeleton.ts nameSkeletons,
// server/repositories/unique.ts), written out here so that a later change to the live rules cannot
// change what this step wrote.

const digest = (text: string): string =>
  createHash('sha256')
    .update(unhomoglyph(text.normalize('NFD')).normalize('NFD'))
    .digest('hex');

// The UTS #39 skeleton of the name as stored and shown (NFKC, trimmed), in its case, and of the
// same in capitals; case variants are the name key's to refuse.
const shown = (name: string) => name.normalize('NFKC').trim();
const COLUMNS = [
  { column: 'name_skeleton', compute: (name: string) => digest(shown(name)) },
  { column: 'name_caps_skeleton', compute: (name: string) => digest(shown(name).toUpperCase()) },
] as const;

const TABLES = [
  { table: 'brands', scope: undefined },
  { table: 'series', scope: 'brand_id' },
  { table: 'models', scope: 'series_id' },
] as const;

/** Each index's name: brands_name_skeleton_unique, series_name_caps_skeleton_unique… */
const indexOf = (table: string, column: string) => `${table}_${column}_unique`;

// U+0001 can be in no digest (hex), so a marked skeleton never equals a real one.
const MARK = '\u0001';

export const nameSkeletons: Migration = {
  async up(db: Kysely<any>) {
    for (const { table, scope } of TABLES) {
      for (const { column } of COLUMNS) await db.schema.alterTable(table).addColumn(column, 'varchar(255)').execute();
      await fill(db, table, scope);
      for (const { column } of COLUMNS) {
        await db.schema
          .createIndex(indexOf(table, column))
          .on(table)
          .columns(scope ? [scope, column] : [column])
          .unique()
          .execute();
      }
    }
  },
  async down(db: Kysely<any>) {
    for (const { table } of TABLES) {
      for (const { column } of COLUMNS) {
        await db.schema.dropIndex(indexOf(table, column)).execute();
        await db.schema.alterTable(table).dropColumn(column).execute();
      }
    }
  },
};

async function fill(db: Kysely<any>, table: string, scope: string | undefined): Promise<void> {
  const rows = (await db
    .selectFrom(table)
    .select(['id', 'name', ...(scope ? [`${scope} as scope`] : [])])
    .orderBy('id')
    .execute()) as { id: number; name: string; scope?: unknown }[];
  const owners = new Map<string, { id: number; name: string }>();
  for (const row of rows) {
    const values: Record<string, string> = {};
    for (const { column, compute } of COLUMNS) {
      let skeleton = compute(row.name);
      const owned = `${column}|${String(row.scope ?? '')}|${skeleton}`;
      const owner = owners.get(owned);
      if (owner) {
        console.warn(
          `migration 2026-11-26-name-skeletons: ${table} ${row.id} (${JSON.stringify(row.name)}) has the same ${column} as ${table} ${owner.id} (${JSON.stringify(owner.name)}); both are kept, rename one of them`,
        );
        skeleton = `${skeleton}${MARK}${row.id}`;
      } else {
        owners.set(owned, row);
      }
      values[column] = skeleton;
    }
    await db.updateTable(table).set(values).where('id', '=', row.id).execute();
  }
}
