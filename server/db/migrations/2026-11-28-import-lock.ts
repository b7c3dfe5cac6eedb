import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Frozen: a later change to the schema is a new migration, never an edit here.
//
// SQLite's import lock (docs/design.md §8.9: imports run one at a time per database): at most one
// row, id 1, present while an import runs, naming the process that runs it (its host and pid) and
// when its hold lapses (milliseconds since the epoch), so a process killed while holding it does
// not block imports for ever. PostgreSQL needs no table: its advisory lock ends with the session.

export const importLock = (kind: 'sqlite' | 'postgres'): Migration => ({
  async up(db: Kysely<any>) {
    if (kind !== 'sqlite') return;
    await db.schema
      .createTable('import_lock')
      .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
      .addColumn('token', 'text', (c) => c.notNull())
      .addColumn('host', 'text', (c) => c.notNull())
      .addColumn('pid', 'integer', (c) => c.notNull())
      .addColumn('expires_at_ms', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    if (kind === 'sqlite') await db.schema.dropTable('import_lock').execute();
  },
});
