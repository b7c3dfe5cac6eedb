import type { AuditEntry, AuditValue } from '#src/contract/audit.ts';
import { auditFieldOf, type AuditFieldKind } from '#src/domain/audit-fields.ts';
import { toFixedHalfUp } from '#src/domain/decimal.ts';
import { roleName } from '#src/domain/roles.ts';

/** One change of an entry as the log shows it: a line of text, or an image's old and new picture. */
export type ChangeItem =
  { key: string; kind: 'text'; text: string } | { key: string; kind: 'image'; title: string; before: string | null; after: string | null };

const NONE = '(none)';

/** A value as the screens show it: a price with two decimals, a status or role by its word, a record by its name. */
function shown(kind: AuditFieldKind, value: AuditValue, name: string | null | undefined): string {
  if (value === null) return NONE;
  switch (kind) {
    case 'usd':
      return Number.isFinite(Number(value)) ? toFixedHalfUp(value, 2) : String(value);
    case 'status':
      return Number(value) === 1 ? 'Active' : 'Inactive';
    case 'role':
      return roleName(Number(value));
    // A record no longer found keeps its id, so the line still says which it was.
    case 'series':
    case 'brand':
      return name ?? `#${value}`;
    default:
      return String(value);
  }
}

/**
 * Each change of an entry (docs/design.md §7.2, §8.8) by the field's screen title, `Title: old →
 * new`, in the order the entry holds them; a stock move's note as `Note: …`; images as pictures.
 */
export function changeItems({ changes, names }: Pick<AuditEntry, 'changes' | 'names'>): ChangeItem[] {
  return Object.entries(changes).map(([key, [before, after]]) => {
    const { title, kind } = auditFieldOf(key);
    if (kind === 'image')
      return { key, kind, title, before: before === null ? null : String(before), after: after === null ? null : String(after) };
    if (kind === 'note') return { key, kind: 'text', text: `${title}: ${after ?? NONE}` };
    const [oldName, newName] = names[key] ?? [];
    return { key, kind: 'text', text: `${title}: ${shown(kind, before, oldName)} → ${shown(kind, after, newName)}` };
  });
}

/** An entry's time (ISO, UTC) in the user's time zone, day first, as the stock logs show theirs. */
export const formatAuditDate = (createdAt: string) => new Date(createdAt).toLocaleString('en-GB');
