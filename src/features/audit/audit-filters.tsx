import { useQuery } from '@tanstack/react-query';
import { FilterField, filterControlClass as control, filterRowClass } from '#src/components/filter-field.tsx';
import { auditActions, auditEntityTypes } from '#src/contract/audit.ts';
import { usersListQuery } from '#src/features/users/api.ts';
import { DayFilter } from './day-filter.tsx';
import type { AuditSearch } from './search.ts';

type Filters = Pick<AuditSearch, 'entityType' | 'entityId' | 'action' | 'userId' | 'from' | 'to'>;

/** The Audit Log's filters: each change goes into the URL and starts again at page 1. */
export function AuditFilters({
  search,
  onSearchChange: apply,
}: {
  search: AuditSearch;
  /** The route's useListSearchChange: typed by the route, back to page 1. */
  onSearchChange: (patch: Partial<Filters>) => void;
}) {
  const users = useQuery(usersListQuery({ page: 1, per_page: 'all', search: undefined }));
  const text = (value: string) => (value === '' ? undefined : value);
  return (
    <div className={`mb-4 ${filterRowClass}`}>
      <FilterField label="Record type">
        {(id) => (
          <select
            id={id}
            className={control}
            value={search.entityType ?? ''}
            // A record id belongs to its type: another type drops it.
            onChange={(event) => apply({ entityType: text(event.target.value) as Filters['entityType'], entityId: undefined })}
          >
            <option value="">All</option>
            {auditEntityTypes.map((type) => (
              <option key={type}>{type}</option>
            ))}
          </select>
        )}
      </FilterField>
      <FilterField label="Action">
        {(id) => (
          <select
            id={id}
            className={control}
            value={search.action ?? ''}
            onChange={(event) => apply({ action: text(event.target.value) as Filters['action'] })}
          >
            <option value="">All</option>
            {auditActions.map((action) => (
              <option key={action}>{action}</option>
            ))}
          </select>
        )}
      </FilterField>
      <FilterField label="User">
        {(id) => (
          <select
            id={id}
            className={control}
            value={search.userId === undefined ? '' : String(search.userId)}
            onChange={(event) => apply({ userId: event.target.value === '' ? undefined : Number(event.target.value) })}
          >
            <option value="">All</option>
            {(users.data?.data ?? []).map((user) => (
              <option key={user.id} value={user.id}>
                {user.name} ({user.username})
              </option>
            ))}
          </select>
        )}
      </FilterField>
      <DayFilter label="From" value={search.from} onChange={(from) => apply({ from })} />
      <DayFilter label="To" value={search.to} onChange={(to) => apply({ to })} />
      {search.entityId !== undefined && (
        <button type="button" className="text-sm text-brand underline" onClick={() => apply({ entityId: undefined })}>
          Show every {search.entityType ?? 'record'} (now #{search.entityId} only)
        </button>
      )}
    </div>
  );
}
