import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { createHash } from 'node:crypto';
import unhomoglyph from 'unhomoglyph';

// Frozen: a later change to the schema is a new migration, never an edit here.
//
// Names are compared by their NFKC, lower-cased key, and usernames by their look-alike skeleton
// too (docs/design.md §7.2, §7.6). This widens the key columns on PostgreSQL (a lower-cased name may
// be longer than 255 characters: 'İ' becomes 'i̇'), recomputes every key, and adds the unique
// skeleton of each username. Every row is kept: where two rows now share a key, the later one
// keeps a key of its own, marked with its id, and the collision is logged for an admin to rename
// one of them; the migration still completes.
//
// The key and the skeleton are computed as the code did on this date, written out here so that
// a later change to the live rules cannot change what this step wrote (a changed rule brings a
// migration of its own that recomputes the keys).

const nameKey = (name: string): string => name.normalize('NFKC').trim().toLowerCase().normalize('NFKC');

const skeletonDigest = (username: string): string =>
  createHash('sha256')
    .update(unhomoglyph(nameKey(username).normalize('NFD')).normalize('NFD'))
    .digest('hex');

type Recomputed = {
  table: 'users' | 'brands' | 'series' | 'models';
  column: 'name_key' | 'username_key' | 'username_skeleton';
  source: 'name' | 'username';
  /** The column the key is unique within, if any; '' for a key unique in the whole table. */
  scope?: 'brand_id' | 'series_id' | '';
  compute: (value: string) => string;
};

const RECOMPUTED: Recomputed[] = [
  { table: 'users', column: 'name_key', source: 'name', compute: nameKey },
  { table: 'users', column: 'username_key', source: 'username', scope: '', compute: nameKey },
  { table: 'users', column: 'username_skeleton', source: 'username', scope: '', compute: skeletonDigest },
  { table: 'brands', column: 'name_key', source: 'name', scope: '', compute: nameKey },
  { table: 'series', column: 'name_key', source: 'name', scope: 'brand_id', compute: nameKey },
  { table: 'models', column: 'name_key', source: 'name', scope: 'series_id', compute: nameKey },
];

// U+0001 can be in no key computed from a name (names refuse control characters), so a marked
// key never equals a real one, and it still starts with the name's key for search and order.
const MARK = '\u0001';

export function nameKeys(kind: 'sqlite' | 'postgres'): Migration {
  return {
    async up(db: Kysely<any>) {
      if (kind === 'postgres') {
        for (const { table, column } of RECOMPUTED.filter((r) => r.column !== 'username_skeleton')) {
          await db.schema
            .alterTable(table)
            .alterColumn(column, (c) => c.setDataType('text'))
            .execute();
        }
      }
      await db.schema.alterTable('users').addColumn('username_skeleton', 'varchar(255)').execute();
      for (const recomputed of RECOMPUTED) await recompute(db, recomputed);
      await db.schema.createIndex('users_username_skeleton_unique').on('users').column('username_skeleton').unique().execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('users_username_skeleton_unique').execute();
      await db.schema.alterTable('users').dropColumn('username_skeleton').execute();
    },
  };
}

async function recompute(db: Kysely<any>, { table, column, source, scope, compute }: Recomputed): Promise<void> {
  const rows = (await db
    .selectFrom(table)
    .select(['id', `${source} as value`, `${column} as key`, ...(scope ? [`${scope} as scope`] : [])])
    .orderBy('id')
    .execute()) as { id: number; value: string; key: string | null; scope?: unknown }[];
  const owners = new Map<string, { id: number; value: string }>();
  const changed: { id: number; key: string }[] = [];
  for (const row of rows) {
    let key = compute(row.value);
    if (scope !== undefined) {
      const owner = owners.get(`${String(row.scope ?? '')}|${key}`);
      if (owner) {
        console.warn(
          `migration 2026-11-23-name-keys: ${table} ${row.id} (${JSON.stringify(row.value)}) now has the same ${column} as ${table} ${owner.id} (${JSON.stringify(owner.value)}); both are kept, rename one of them`,
        );
        key = `${key}${MARK}${row.id}`;
      } else {
        owners.set(`${String(row.scope ?? '')}|${key}`, row);
      }
    }
    if (key !== row.key) changed.push({ id: row.id, key });
  }
  // First every changing row to a key of its own, so no new key meets an old one not yet rewritten.
  for (const { id } of changed) {
    await db
      .updateTable(table)
      .set({ [column]: `${MARK}${MARK}${id}` })
      .where('id', '=', id)
      .execute();
  }
  for (const { id, key } of changed) {
    await db
      .updateTable(table)
      .set({ [column]: key })
      .where('id', '=', id)
      .execute();
  }
}
