import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Frozen: a later change to the schema is a new migration, never an edit here.
//
// Pricing history (docs/design.md §7.2): one row per variable whose stored text a write changed,
// written in that write's transaction. Existing databases start with an empty history.

export function variableHistory(kind: 'sqlite' | 'postgres'): Migration {
  const idType = kind === 'postgres' ? 'serial' : 'integer';
  const id = (col: ColumnDefinitionBuilder) => (kind === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('variable_history')
        .addColumn('id', idType, id)
        .addColumn('variable', 'varchar(16)', (c) => c.notNull())
        .addColumn('old_value', 'varchar(32)', (c) => c.notNull())
        .addColumn('new_value', 'varchar(32)', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      // The screen reads one variable's changes newest first (ties by id); the unfiltered list
      // reads all of them in that order.
      await db.schema.createIndex('variable_history_newest').on('variable_history').columns(['variable', 'created_at', 'id']).execute();
      await db.schema.createIndex('variable_history_all_newest').on('variable_history').columns(['created_at', 'id']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('variable_history').execute();
    },
  };
}
