import { createColumnHelper } from '@tanstack/react-table';
import type { AuditEntry } from '#src/contract/audit.ts';
import type { listFeatures } from '#src/components/data-table/data-table.tsx';
import { changeLines, formatAuditDate } from './format.ts';

/** An entry's changes, one `field: old → new` per line; an unchanged save says so. */
export function ChangeList({ changes }: { changes: AuditEntry['changes'] }) {
  const lines = changeLines(changes);
  if (lines.length === 0) return <span className="text-slate-500">No changes</span>;
  return (
    <ul className="whitespace-normal break-all">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

const recordOf = (entry: AuditEntry) =>
  entry.entityId === null ? entry.entityName : `${entry.entityName} (${entry.entityType} #${entry.entityId})`;

const column = createColumnHelper<typeof listFeatures, AuditEntry>();
export const auditColumns = column.columns([
  column.accessor('createdAt', { header: 'Date', cell: (info) => formatAuditDate(info.getValue()) }),
  column.accessor('userName', { header: 'User' }),
  column.accessor('action', { header: 'Action' }),
  column.accessor('entityName', { header: 'Record', cell: (info) => recordOf(info.row.original) }),
  column.accessor('changes', { header: 'Changes', cell: (info) => <ChangeList changes={info.getValue()} /> }),
]);
