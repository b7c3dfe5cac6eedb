import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';

// Frozen: a later change to the schema is a new migration, never an edit here.
//
// One default view per user and screen (docs/design.md §8.4), kept by the database itself: the
// save clears the old default in its transaction, and this index refuses a second one should two
// saves ever cross. Both SQLite and PostgreSQL index only the rows the WHERE names.

export const oneDefaultView: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createIndex('saved_views_one_default')
      .unique()
      .on('saved_views')
      .columns(['user_id', 'screen'])
      .where(sql.ref('is_default'), '=', 1)
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('saved_views_one_default').execute();
  },
};
