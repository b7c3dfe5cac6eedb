import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Frozen: a later change to the schema is a new migration, never an edit here.
//
// Live updates (docs/design.md §8.3). `audit_log.write_id` names the write an entry belongs to
// (one value per transaction), so the entries of one call (an import's hundreds, a quote won with
// its stock moves) become one event, and entries written before it (null) one event each. A
// stream's ticket is kept hashed, as session tokens are, in the database so that any server of it
// can redeem it; it ends with its session (a purged session takes its tickets along).

export const liveEvents: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('audit_log').addColumn('write_id', 'varchar(36)').execute();
    await db.schema
      .createTable('event_tickets')
      .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
      .addColumn('last_event_id', 'integer')
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('event_tickets_session').on('event_tickets').column('session_id').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('event_tickets').execute();
    await db.schema.alterTable('audit_log').dropColumn('write_id').execute();
  },
};
