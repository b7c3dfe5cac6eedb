import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Frozen: a later change to the schema is a new migration, never an edit here.
//
// Price sheet stamps and the marks of the last visit (docs/design.md §8.2). A stamp is one row
// whatever the sheet holds: the five variables as the text stored then, and every matched model as
// one JSON text of [id, priceCents, total, sellable] rows (10,000 models are one INSERT of about
// 300 kB, not 10,000 rows), with their count beside it. `ref` is what its public link names.
// `seen_marks` keeps, per user and screen, when that user last marked the screen seen.

export function stampsAndSeen(kind: 'sqlite' | 'postgres'): Migration {
  const idType = kind === 'postgres' ? 'serial' : 'integer';
  const id = (col: ColumnDefinitionBuilder) => (kind === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('stamps')
        .addColumn('id', idType, id)
        .addColumn('ref', 'varchar(16)', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('tr', 'varchar(32)', (c) => c.notNull())
        .addColumn('exch', 'varchar(32)', (c) => c.notNull())
        .addColumn('fare', 'varchar(32)', (c) => c.notNull())
        .addColumn('duties', 'varchar(32)', (c) => c.notNull())
        .addColumn('profit', 'varchar(32)', (c) => c.notNull())
        .addColumn('models', 'text', (c) => c.notNull())
        .addColumn('model_count', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('seen_marks')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('screen', 'varchar(32)', (c) => c.notNull())
        .addColumn('seen_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('seen_marks_key', ['user_id', 'screen'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('seen_marks').execute();
      await db.schema.dropTable('stamps').execute();
    },
  };
}
