import type { AuditAction, AuditChanges, AuditEntityType, AuditValue } from '#src/contract/audit.ts';

// How an audit entry is made, the same on the server and in the mocks (docs/design.md §7.2).

/** The record an action is about: its first word, except stock moves (a model) and sign-ins (the user). */
export function entityTypeOf(action: AuditAction): AuditEntityType {
  const [word] = action.split('.') as [string];
  if (word === 'stock') return 'model';
  if (word === 'auth') return 'user';
  return word as AuditEntityType;
}

/** The variables have no id and no name of their own: their entries are about this one record. */
export const VARIABLES_ENTITY_NAME = 'Variables';

/** The settings are one record too, with no id and no name of their own. */
export const SETTINGS_ENTITY_NAME = 'Settings';

/** A secret never enters the log: a changed password is written as this, before and after. */
export const SECRET = '***';
export const passwordChanged: AuditChanges = { password: [SECRET, SECRET] };

/** A record's fields, by the contract's names, as an entry shows them. */
export type AuditFields = Record<string, AuditValue>;

/**
 * Each field whose value differs between `before` and `after`, as `[old, new]`; a field missing
 * on one side is null there (a new record has no before). Equal values leave the field out, so a
 * save that changes nothing gives `{}`. Fields absent from `after` are not part of this write.
 */
export function diffChanges(before: AuditFields | null, after: AuditFields): AuditChanges {
  const changes: AuditChanges = {};
  for (const [field, value] of Object.entries(after)) {
    const old = before?.[field] ?? null;
    if (old !== value) changes[field] = [old, value];
  }
  return changes;
}

/**
 * Sign-ins and sign-outs, which would fill the log (docs/design.md §8.8): left out of it unless the
 * action filter names one of them.
 */
export const SESSION_ACTIONS = ['auth.login', 'auth.logout'] as const satisfies readonly AuditAction[];
export const hidesSessionActions = (action: AuditAction | undefined) => action === undefined;
export const isSessionAction = (action: AuditAction) => (SESSION_ACTIONS as readonly AuditAction[]).includes(action);

/** A stock move's changes: its quantity before and after, and its note when it has one (no before). */
export function stockMoveChanges(before: number, after: number, note: string | null | undefined): AuditChanges {
  return { modelQuantity: [before, after], ...(note ? { note: [null, note] } : {}) };
}

/** The first and last instant of a `from`/`to` day filter, as ISO text, which sorts as it compares. */
export function auditWindow(from: string | undefined, to: string | undefined) {
  return {
    after: from === undefined ? undefined : `${from}T00:00:00.000Z`,
    before: to === undefined ? undefined : `${to}T23:59:59.999Z`,
  };
}
