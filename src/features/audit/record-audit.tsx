import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { AuditEntityType } from '#src/contract/audit.ts';
import { Card } from '#src/components/card.tsx';
import { EmptyRow } from '#src/components/data-table/empty-row.tsx';
import { FailedLine } from '#src/components/data-table/failed-line.tsx';
import { Spinner } from '#src/components/spinner.tsx';
import { mayAccess } from '#src/domain/access.ts';
import { callAccess } from '#src/domain/call-access.ts';
import { useSessionUser } from '#src/lib/use-session-user.ts';
import { recordAuditQuery, RECORD_ENTRIES } from './api.ts';
import { ChangeList } from './audit-columns.tsx';
import { formatAuditDate } from './format.ts';

/**
 * A record's own audit entries under its edit form (docs/design.md §7.2), newest first, with a link
 * to all of them on the Audit Log. Only for those who may read the log.
 */
export function RecordAudit({ entityType, entityId }: { entityType: AuditEntityType; entityId: number }) {
  const user = useSessionUser();
  if (!mayAccess(user, callAccess.audit)) return null;
  return <RecordAuditTable entityType={entityType} entityId={entityId} />;
}

function RecordAuditTable({ entityType, entityId }: { entityType: AuditEntityType; entityId: number }) {
  const entries = useQuery(recordAuditQuery(entityType, entityId));
  const rows = entries.data?.data ?? [];
  return (
    <Card
      title="Changes"
      part
      actions={
        <Link to="/audit" search={{ entityType, entityId }} className="text-sm text-brand underline">
          All in the Audit Log
        </Link>
      }
    >
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">Changes of this record</caption>
        <thead className="bg-slate-100 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2">
              Date
            </th>
            <th scope="col" className="px-3 py-2">
              User
            </th>
            <th scope="col" className="px-3 py-2">
              Action
            </th>
            <th scope="col" className="px-3 py-2">
              Changes
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entries.isPending ? (
            <tr>
              <td colSpan={4}>
                <Spinner />
              </td>
            </tr>
          ) : entries.data && rows.length === 0 ? (
            <EmptyRow columns={4} />
          ) : (
            rows.map((entry) => (
              <tr key={entry.id}>
                <td className="whitespace-nowrap px-3 py-2">{formatAuditDate(entry.createdAt)}</td>
                <td className="px-3 py-2">{entry.userName}</td>
                <td className="px-3 py-2">{entry.action}</td>
                <td className="px-3 py-2">
                  <ChangeList entry={entry} />
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      {/* A failed read is no empty history (docs/design.md §7.7). */}
      {entries.isError && <FailedLine retry={() => void entries.refetch()} />}
      {(entries.data?.total ?? 0) > RECORD_ENTRIES && (
        <p className="mt-2 text-sm text-slate-600">
          The newest {RECORD_ENTRIES} of {entries.data?.total} entries.
        </p>
      )}
    </Card>
  );
}
