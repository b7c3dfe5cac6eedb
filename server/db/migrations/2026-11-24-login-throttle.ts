import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Frozen: a later change to the schema is a new migration, never an edit here.
//
// The login throttle's counts, kept in the database so that every server process on it counts
// the same attempts (docs/design.md §7.5): one row per username and address, the attempts of the
// current minute and when that minute began (milliseconds since the epoch). Rows whose minute is
// over are deleted as new keys come, found through the index on the start.

export const loginThrottle: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('login_attempts')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('window_start_ms', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('login_attempts_window_start').on('login_attempts').column('window_start_ms').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('login_attempts').execute();
  },
};
