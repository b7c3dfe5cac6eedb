import { queryOptions } from '@tanstack/react-query';
import type { AuditEntityType } from '#src/contract/audit.ts';
import { callApi } from '#src/lib/api-client.ts';
import { loggedRead } from '#src/lib/logged.ts';
import { rowsSearch } from '#src/lib/list-search.ts';
import { pagedListQuery } from '#src/lib/paged-list-query.ts';
import { AUDIT_KEY } from '#src/lib/audit-key.ts';
import type { AuditSearch } from './search.ts';

export const auditKeys = {
  list: [...AUDIT_KEY, 'list'] as const,
  record: (entityType: AuditEntityType, entityId: number) => [...AUDIT_KEY, 'record', entityType, entityId] as const,
};

export const auditListQuery = (search: AuditSearch) => {
  const { entityType, entityId, userId, action, from, to } = search;
  const filters = { entityType, entityId, userId, action, from, to };
  return pagedListQuery({ call: 'audit', key: auditKeys.list, search: rowsSearch(search), filters, what: 'audit log' });
};

/** How many of a record's newest entries its edit screen shows; the Audit Log has them all. */
export const RECORD_ENTRIES = 10;

export const recordAuditQuery = (entityType: AuditEntityType, entityId: number) =>
  queryOptions({
    queryKey: auditKeys.record(entityType, entityId),
    queryFn: () =>
      loggedRead('record audit', async () => {
        const body = { filters: { entityType, entityId }, page: 1, per_page: RECORD_ENTRIES };
        return (await callApi('audit', body)).tableData;
      }),
  });
