import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { createHash } from 'node:crypto';
import unhomoglyph from 'unhomoglyph';

// Frozen: a later change to the schema is a new migration, never an edit here.
//
// Names of brands, series and models are unique within their parent by their look-alike skeleton,
// as usernames are (docs/design.md §8.9, §7.6): 'АС-1' in Cyrillic is 'AC-1', and U+2011 hyphens
// are '-'. This adds the skeleton's digest to each table, computes it for every row and makes it
// unique where the name key is: brands in the whole table, series within their brand, models
// within their series. Every row is kept: where two rows of one parent share a skeleton, the later
// one keeps a skeleton of its own, marked with its id, and the collision is logged for an admin to
// rename one of them; the migration still completes.
//
// The skeleton is computed as the code did on this date (src/domain/skeleton.ts,
// server/repositories/unique.ts), written out here so that a later change to the live rules cannot
// change what this step wrote.

const nameKey = (name: string): string => name.normalize('NFKC').trim().toLowerCase().normalize('NFKC');

const skeletonDigest = (name: string): string =>
  createHash('sha256')
    .update(unhomoglyph(nameKey(name).normalize('NFD')).normalize('NFD'))
    .digest('hex');

const TABLES = [
  { table: 'brands', scope: undefined, index: 'brands_name_skeleton_unique' },
  { table: 'series', scope: 'brand_id', index: 'series_brand_skeleton_unique' },
  { table: 'models', scope: 'series_id', index: 'models_series_skeleton_unique' },
] as const;
type Table = (typeof TABLES)[number];

// U+0001 can be in no digest (hex), so a marked skeleton never equals a real one.
const MARK = '\u0001';

export const nameSkeletons: Migration = {
  async up(db: Kysely<any>) {
    for (const table of TABLES) {
      await db.schema.alterTable(table.table).addColumn('name_skeleton', 'varchar(255)').execute();
      await fill(db, table);
      await db.schema
        .createIndex(table.index)
        .on(table.table)
        .columns(table.scope ? [table.scope, 'name_skeleton'] : ['name_skeleton'])
        .unique()
        .execute();
    }
  },
  async down(db: Kysely<any>) {
    for (const { table, index } of TABLES) {
      await db.schema.dropIndex(index).execute();
      await db.schema.alterTable(table).dropColumn('name_skeleton').execute();
    }
  },
};

async function fill(db: Kysely<any>, { table, scope }: Table): Promise<void> {
  const rows = (await db
    .selectFrom(table)
    .select(['id', 'name', ...(scope ? [`${scope} as scope`] : [])])
    .orderBy('id')
    .execute()) as { id: number; name: string; scope?: unknown }[];
  const owners = new Map<string, { id: number; name: string }>();
  for (const row of rows) {
    let skeleton = skeletonDigest(row.name);
    const owned = `${String(row.scope ?? '')}|${skeleton}`;
    const owner = owners.get(owned);
    if (owner) {
      console.warn(
        `migration 2026-11-26-name-skeletons: ${table} ${row.id} (${JSON.stringify(row.name)}) looks like ${table} ${owner.id} (${JSON.stringify(owner.name)}); both are kept, rename one of them`,
      );
      skeleton = `${skeleton}${MARK}${row.id}`;
    } else {
      owners.set(owned, row);
    }
    await db.updateTable(table).set({ name_skeleton: skeleton }).where('id', '=', row.id).execute();
  }
}
