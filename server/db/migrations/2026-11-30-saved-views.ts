import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Frozen: a later change to the schema is a new migration, never an edit here.
//
// Saved views (docs/design.md §8.4): a user's named search and columns of one screen. `name_key`
// is the name case-folded, unique per user and screen; `columns` is a JSON list of column titles,
// null for the screen's own; `shared` and `is_default` are 0 or 1.

export function savedViews(kind: 'sqlite' | 'postgres'): Migration {
  const idType = kind === 'postgres' ? 'serial' : 'integer';
  const id = (col: ColumnDefinitionBuilder) => (kind === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('saved_views')
        .addColumn('id', idType, id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('screen', 'varchar(32)', (c) => c.notNull())
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('name_key', 'varchar(1024)', (c) => c.notNull())
        .addColumn('search', 'text', (c) => c.notNull())
        .addColumn('columns', 'text')
        .addColumn('shared', 'integer', (c) => c.notNull())
        .addColumn('is_default', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .addUniqueConstraint('saved_views_name', ['user_id', 'screen', 'name_key'])
        .execute();
      // A screen's shared views are read by everyone who opens it.
      await db.schema.createIndex('saved_views_shared').on('saved_views').columns(['screen', 'shared']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('saved_views').execute();
    },
  };
}
