import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Frozen: a later change to the schema is a new migration, never an edit here.
//
// Stock out and low stock (docs/design.md §7.3): a stock move may carry a note (an order number…),
// and a model a minimum stock, 0 meaning no threshold, so every existing model starts without one.

export const stockNotesMinStock: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('stock_logs').addColumn('note', 'varchar(255)').execute();
    await db.schema
      .alterTable('models')
      .addColumn('min_stock', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('models').dropColumn('min_stock').execute();
    await db.schema.alterTable('stock_logs').dropColumn('note').execute();
  },
};
