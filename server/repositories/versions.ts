import { sql, type Updateable } from 'kysely';
import type { AuditAction, AuditChanges } from '#src/contract/audit.ts';
import { fieldError } from '#src/contract/errors.ts';
import { staleVersionMessage } from '#src/contract/versions.ts';
import { diffChanges, type AuditFields } from '#src/domain/audit.ts';
import type { Db } from '#server/db/connect.ts';
import type { Database } from '#server/db/schema.ts';
import { recordAudit, type By } from './audit.ts';
import { inTransaction } from './transaction.ts';

/** The records an edit screen shows: each carries the `version` its save sends back. */
type Versioned = 'brands' | 'series' | 'models' | 'users' | 'variables' | 'settings' | 'quotes';

/** What an update call may send back: the version of the record it showed. */
export type Expected = { expectedVersion?: number | undefined };

/** One update of a versioned record, as auditedUpdate runs it. */
export type VersionedUpdate<T extends Versioned, Before> = Expected & {
  table: T;
  id: number;
  /** The record as its audit entry compares it, read under the write lock; undefined: no such record. */
  read: (trx: Db) => Promise<Before>;
  /** The columns written, but the time and the version; made after the read, in the transaction (a new picture is stored in it). */
  set: (trx: Db) => Updateable<Database[T]> | Promise<Updateable<Database[T]>>;
  /** The write's audit entry; `after` is the record read with the columns written over it. */
  audit: {
    action: AuditAction;
    /** The record's name in the entry. */
    name: (after: NonNullable<Before>) => string;
    /** The fields the entry compares, by the contract's names: those that changed are its `changes`. */
    fields: (record: NonNullable<Before>) => AuditFields;
    /** Changes no comparison shows: a new password, never its value. */
    secret?: AuditChanges;
    /** Changes the write itself works out, asked after `set` (a quote's lines, a price below Cost). */
    more?: () => AuditChanges;
    /** The variables are one record with no id of their own: their entries name none. */
    entityId?: null;
  };
};

/**
 * Every update of a versioned record, in its transaction: the record's write lock first, so the
 * values read next are the ones the update replaces (PostgreSQL holds the row; SQLite the
 * database) and an entry's `[old, new]` can never miss a save made in between; then the UPDATE,
 * which raises `version` and, when a version was sent, matches it in its WHERE, so the check and
 * the write are one statement; then the audit entry. A record that exists (the routes check
 * first) but matched no row was saved by someone else meanwhile: 422 under `version`. Answers the
 * record as it was, for the caller's own writes in the same transaction.
 */
export function auditedUpdate<T extends Versioned, Before>(db: Db, by: By, update: VersionedUpdate<T, Before>, now: Date): Promise<Before> {
  const { table, id, expectedVersion } = update;
  return inTransaction(db, async (trx) => {
    // A write that changes nothing takes the lock.
    await sql`update ${sql.table(table)} set version = version where id = ${id}`.execute(trx);
    const before = await update.read(trx);
    const written = await update.set(trx);
    // Widened to the union: Kysely's types cannot follow a generic table through `set`.
    const result = await trx
      .updateTable(table as Versioned)
      .set((eb) => ({ ...written, updated_at: now.toISOString(), version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .$if(expectedVersion !== undefined, (query) => query.where('version', '=', expectedVersion!))
      .executeTakeFirst();
    if (expectedVersion !== undefined && result.numUpdatedRows === 0n) throw fieldError('version', staleVersionMessage);
    if (before === undefined || before === null) return before;
    const { audit } = update;
    const after = { ...before, ...written };
    const changes = { ...diffChanges(audit.fields(before), audit.fields(after)), ...audit.secret, ...audit.more?.() };
    await recordAudit(
      trx,
      by,
      { action: audit.action, entityId: audit.entityId === null ? null : id, entityName: audit.name(after), changes },
      now,
    );
    return before;
  });
}
