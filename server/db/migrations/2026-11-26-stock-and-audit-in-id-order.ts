import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Frozen: a later change to the schema is a new migration, never an edit here.
//
// The stock log and the audit log list their rows in the order they took effect, which is their
// ids' (docs/design.md §8.9): a row's id is taken after its write holds its lock, while its time is
// when its request arrived. So each list's indexes end in id instead of (time, id); the audit
// log's time index stays for its date filter, and the whole log reads newest first by its key.

export const stockAndAuditInIdOrder: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.dropIndex('stock_logs_model_newest').execute();
    await db.schema.createIndex('stock_logs_model_order').on('stock_logs').columns(['model_id', 'id']).execute();
    for (const filter of ['entity', 'user', 'action'] as const) await db.schema.dropIndex(`audit_log_${filter}`).execute();
    await db.schema.createIndex('audit_log_entity_order').on('audit_log').columns(['entity_type', 'entity_id', 'id']).execute();
    await db.schema.createIndex('audit_log_user_order').on('audit_log').columns(['user_id', 'id']).execute();
    await db.schema.createIndex('audit_log_action_order').on('audit_log').columns(['action', 'id']).execute();
  },
  async down(db: Kysely<any>) {
    for (const index of ['stock_logs_model_order', 'audit_log_entity_order', 'audit_log_user_order', 'audit_log_action_order'])
      await db.schema.dropIndex(index).execute();
    await db.schema.createIndex('stock_logs_model_newest').on('stock_logs').columns(['model_id', 'created_at', 'id']).execute();
    await db.schema.createIndex('audit_log_entity').on('audit_log').columns(['entity_type', 'entity_id', 'created_at', 'id']).execute();
    await db.schema.createIndex('audit_log_user').on('audit_log').columns(['user_id', 'created_at', 'id']).execute();
    await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'created_at', 'id']).execute();
  },
};
