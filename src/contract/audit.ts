import { z } from 'zod/mini';
import { pagedRequest, pagedResponse } from './common.ts';
import { blankToMissing, optionalIdField } from './fields.ts';
import { auditActions, auditEntityTypes } from './audit-words.ts';

// The audit log's words that the first screen's route tree reads, kept apart from the schemas.
export * from './audit-words.ts';

export const auditAction = z.enum(auditActions);
export type AuditAction = z.infer<typeof auditAction>;

export const auditEntityType = z.enum(auditEntityTypes);
export type AuditEntityType = z.infer<typeof auditEntityType>;

/** A field's value before or after: text, a number, or null for none. */
export const auditValue = z.union([z.string(), z.number(), z.null()]);
export type AuditValue = z.infer<typeof auditValue>;
/** Each changed field, by the contract's name, as `[old, new]`. */
export const auditChanges = z.record(z.string(), z.tuple([auditValue, auditValue]));
export type AuditChanges = z.infer<typeof auditChanges>;

const oneOf = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.pipe(z.transform(blankToMissing), z.optional(z.enum(values, { error: message })));

const DATE_MESSAGE = 'The date must be a date in the form YYYY-MM-DD.';
// A calendar day: the round trip through Date refuses 2026-02-30, which the pattern alone lets by.
const isoDate = z.pipe(
  z.transform(blankToMissing),
  z.optional(
    z.string({ error: DATE_MESSAGE }).check(
      z.regex(/^\d{4}-\d{2}-\d{2}$/, { message: DATE_MESSAGE, abort: true }),
      z.refine(
        (day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
        DATE_MESSAGE,
      ),
    ),
  ),
);

export const auditFilters = z.object({
  entityType: oneOf(auditEntityTypes, 'The selected entity type is invalid.'),
  entityId: optionalIdField(),
  userId: optionalIdField(),
  action: oneOf(auditActions, 'The selected action is invalid.'),
  /** Days in UTC, both inclusive. */
  from: isoDate,
  to: isoDate,
});
export type AuditFilters = z.infer<typeof auditFilters>;
export const auditRequest = pagedRequest(auditFilters, 30);

export const auditEntry = z.object({
  id: z.int(),
  userId: z.int(),
  userName: z.string(),
  action: auditAction,
  entityType: auditEntityType,
  entityId: z.nullable(z.int()),
  entityName: z.string(),
  changes: auditChanges,
  /**
   * For each changed field that holds ids (a model's series, a series' brand): the names of the old
   * and new record as they are now, looked up when read (null: none, or no longer found).
   */
  names: z.record(z.string(), z.tuple([z.nullable(z.string()), z.nullable(z.string())])),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditResponse = pagedResponse(auditEntry);
