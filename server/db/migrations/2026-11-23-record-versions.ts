import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Frozen: a later change to the schema is a new migration, never an edit here.
//
// No lost updates: each record that an edit screen shows carries a version, raised by every
// update, so a save made from an older copy can be refused. Existing rows start at 1.

const versioned = ['brands', 'series', 'models', 'users', 'variables'] as const;

export const recordVersions: Migration = {
  async up(db: Kysely<any>) {
    for (const table of versioned) {
      await db.schema
        .alterTable(table)
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
    }
  },
  async down(db: Kysely<any>) {
    for (const table of versioned) await db.schema.alterTable(table).dropColumn('version').execute();
  },
};
