import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Frozen: a later change to the schema is a new migration, never an edit here.
//
// The audit log (docs/design.md §7.2): one row per successful write, appended in the write's own
// transaction and never changed. `user_name` and `entity_name` keep the names as they were then;
// `changes` is the entry's JSON text. The list reads newest first, whole or by one filter, so
// each filter has an index that ends in that order.

export function audit(kind: 'sqlite' | 'postgres'): Migration {
  const idType = kind === 'postgres' ? 'serial' : 'integer';
  const id = (col: ColumnDefinitionBuilder) => (kind === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement());

  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('audit_log')
        .addColumn('id', idType, id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('user_name', 'varchar(255)', (c) => c.notNull())
        .addColumn('action', 'varchar(32)', (c) => c.notNull())
        .addColumn('entity_type', 'varchar(32)', (c) => c.notNull())
        .addColumn('entity_id', 'integer')
        .addColumn('entity_name', 'varchar(255)', (c) => c.notNull())
        .addColumn('changes', 'text', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_log_newest').on('audit_log').columns(['created_at', 'id']).execute();
      await db.schema.createIndex('audit_log_entity').on('audit_log').columns(['entity_type', 'entity_id', 'created_at', 'id']).execute();
      await db.schema.createIndex('audit_log_user').on('audit_log').columns(['user_id', 'created_at', 'id']).execute();
      await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'created_at', 'id']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('audit_log').execute();
    },
  };
}
