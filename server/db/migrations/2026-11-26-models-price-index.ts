import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Frozen: a later change to the schema is a new migration, never an edit here.
//
// A page sorted by price (Sales sort their Total by it, docs/design.md §7.1): the database walks
// this index, either way, and sorts only each run of equal prices by the list's order, instead of
// sorting the whole catalogue for every page (on the bench's 10,000 models, PostgreSQL 1 ms against
// 6–10, SQLite 1 ms against 4; server/repositories/models.ts lets SQLite's planner choose it).

export const modelsPriceIndex: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createIndex('models_price').on('models').column('price_cents').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('models_price').execute();
  },
};
