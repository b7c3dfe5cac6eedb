import { createColumnHelper } from '@tanstack/react-table';
import type { AuditEntry } from '#src/contract/audit.ts';
import type { listFeatures } from '#src/components/data-table/data-table.tsx';
import { auditColumnTitles } from '#src/domain/list-columns.ts';
import { changeItems, formatAuditDate } from './format.ts';

const picture = (path: string | null, alt: string) =>
  path === null ? <span>(none)</span> : <img src={path} alt={alt} className="inline-block h-10 w-10 rounded object-contain" />;

/**
 * An entry's changes, one per line by the field's screen title (docs/design.md §8.8), an image as
 * its old and new thumbnail; an unchanged save says so.
 */
export function ChangeList({ entry }: { entry: Pick<AuditEntry, 'changes' | 'names'> }) {
  const items = changeItems(entry);
  if (items.length === 0) return <span className="text-slate-500">No changes</span>;
  return (
    <ul className="whitespace-normal [overflow-wrap:anywhere]">
      {items.map((item) => (
        <li key={item.key}>
          {item.kind === 'text' ? (
            item.text
          ) : (
            <>
              {item.title}: {picture(item.before, 'old image')} → {picture(item.after, 'new image')}
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

const recordOf = (entry: AuditEntry) =>
  entry.entityId === null ? entry.entityName : `${entry.entityName} (${entry.entityType} #${entry.entityId})`;

const column = createColumnHelper<typeof listFeatures, AuditEntry>();
export const auditColumns = column.columns([
  column.accessor('createdAt', { header: auditColumnTitles.date, cell: (info) => formatAuditDate(info.getValue()) }),
  column.accessor('userName', { header: auditColumnTitles.user }),
  column.accessor('action', { header: auditColumnTitles.action }),
  column.accessor('entityName', { header: auditColumnTitles.record, cell: (info) => recordOf(info.row.original) }),
  column.accessor('changes', { header: auditColumnTitles.changes, cell: (info) => <ChangeList entry={info.row.original} /> }),
]);
