import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseKind } from '#server/db/connect.ts';

// Frozen: a later change to the schema is a new migration, never an edit here.
//
// A page sorted by price (Sales sort their Total by it, docs/design.md §7.1): PostgreSQL walks this
// index, either way, and sorts only each run of equal prices by the list's order, instead of
// sorting the whole catalogue for every page. SQLite's planner keeps reading in the list's order
// and sorting (measured on the bench's 10,000 models, with and without ANALYZE), so it gets no
// index that it would only have to keep up to date.

export function modelsPriceIndex(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<any>) {
      if (kind === 'postgres') await db.schema.createIndex('models_price').on('models').column('price_cents').execute();
    },
    async down(db: Kysely<any>) {
      if (kind === 'postgres') await db.schema.dropIndex('models_price').execute();
    },
  };
}
