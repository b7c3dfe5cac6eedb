import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Frozen: a later change to the schema is a new migration, never an edit here.
//
// The business's settings (docs/design.md §8): one row, id 1, versioned like every record an edit
// screen shows. A new or existing database starts with empty texts and no two-factor requirement.

export const settings: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('settings')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('company_name', 'varchar(255)', (c) => c.notNull())
      .addColumn('company_address', 'varchar(2000)', (c) => c.notNull())
      .addColumn('company_phone', 'varchar(255)', (c) => c.notNull())
      .addColumn('quote_terms', 'varchar(2000)', (c) => c.notNull())
      .addColumn('two_factor_required_level', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db
      .insertInto('settings')
      .values({
        id: 1,
        company_name: '',
        company_address: '',
        company_phone: '',
        quote_terms: '',
        two_factor_required_level: 0,
        updated_at: new Date().toISOString(),
      })
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('settings').execute();
  },
};
