import type { AuditChanges, AuditValue } from '#src/contract/audit.ts';

const shown = (value: AuditValue) => (value === null ? '(none)' : String(value));

/** Each change as `field: old → new` (docs/design.md §7.2), in the order the entry holds them. */
export const changeLines = (changes: AuditChanges): string[] =>
  Object.entries(changes).map(([field, [before, after]]) => `${field}: ${shown(before)} → ${shown(after)}`);

/** An entry's time (ISO, UTC) in the user's time zone, day first, as the stock logs show theirs. */
export const formatAuditDate = (createdAt: string) => new Date(createdAt).toLocaleString('en-GB');
