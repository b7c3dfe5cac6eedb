import type { AuditAction, AuditChanges } from '#src/contract/audit.ts';
import { fieldError } from '#src/contract/errors.ts';
import { staleVersionMessage } from '#src/contract/versions.ts';
import { diffChanges, type AuditFields } from '#src/domain/audit.ts';
import { recordAudit } from './audit.ts';
import type { MockStore, Versioned } from './store-shape.ts';

export const versionOf = (row: Versioned): number => row.version ?? 1;

/** One update of a versioned record, as auditedUpdate runs it. */
type MockUpdate<R> = {
  record: R;
  /** The version of the record the screen showed; undefined: a write that showed none. */
  expectedVersion?: number | undefined;
  /** The write's own refusals, asked once the version is known good, so a stale save is refused as such first. */
  check?: () => void;
  /** Writes the new values over the record, but its version. */
  set: (record: R) => void;
  audit: {
    action: AuditAction;
    /** The record's name in the entry, once written. */
    name: (after: R) => string;
    /** The fields the entry compares, by the contract's names (mocks/audit.ts): those that changed are its `changes`. */
    fields: (record: R) => AuditFields;
    /** Changes no comparison shows: a new password, never its value. */
    secret?: AuditChanges;
  };
};

/**
 * Every update of a versioned record, in the server's order (server/repositories/versions.ts): a
 * stale version is refused under `version`, then the write's own checks, then the values, the
 * raised version and the entry of the fields that changed. A refused update changes nothing.
 */
export function auditedUpdate<R extends Versioned & { id?: number }>(
  store: MockStore,
  by: { id: number; name: string },
  update: MockUpdate<R>,
) {
  const { record, expectedVersion, audit } = update;
  if (expectedVersion !== undefined && expectedVersion !== versionOf(record)) throw fieldError('version', staleVersionMessage);
  update.check?.();
  const before = audit.fields(record);
  update.set(record);
  record.version = versionOf(record) + 1;
  recordAudit(store, by, {
    action: audit.action,
    // The variables are one record with no id of their own: their entries name none.
    entityId: record.id ?? null,
    entityName: audit.name(record),
    changes: { ...diffChanges(before, audit.fields(record)), ...audit.secret },
  });
}
