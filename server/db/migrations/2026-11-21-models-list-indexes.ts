import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Frozen: a later change to the schema is a new migration, never an edit here.
//
// The models list reads brands, series and models in name order, by the unique name keys the
// initial migration made ((name_key), (brand_id, name_key), (series_id, name_key)). Those serve
// the brand and series filters too; the status filter is the one left: with this index a
// series' active (or inactive) models are one range, already in the list's order.

export const modelsListIndexes: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createIndex('models_series_status_name').on('models').columns(['series_id', 'is_active', 'name_key', 'id']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('models_series_status_name').execute();
  },
};
