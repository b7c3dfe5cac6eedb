import { hidesSessionActions, isSessionAction, auditWindow } from '#src/domain/audit.ts';
import { namesOf, type ReferenceName } from '#src/domain/audit-fields.ts';
import { defineCall } from '#mocks/define-call.ts';
import type { MockCall } from '#mocks/define-call.ts';
import { pagedAnswer } from '#mocks/paged-answer.ts';
import type { MockStore, StoredAuditEntry } from '#mocks/store-shape.ts';

// Newest first in the order they took effect: by id, as the server's query.
const newestFirst = (a: StoredAuditEntry, b: StoredAuditEntry) => b.id - a.id;

// The names of the series and brands an entry holds ids of, as they are now (as the server reads them).
const nameIn =
  (store: MockStore): ReferenceName =>
  (kind, id) =>
    (kind === 'series' ? store.series : store.brands).find((row) => row.id === id)?.name;

export const auditCalls: MockCall[] = [
  defineCall('audit', ({ body, store }) => {
    const { entityType, entityId, userId, action, from, to } = body.filters;
    const { after, before } = auditWindow(from, to);
    const rows = store.auditLog
      .filter(
        (entry) =>
          (entityType === undefined || entry.entityType === entityType) &&
          (entityId === undefined || entry.entityId === entityId) &&
          (userId === undefined || entry.userId === userId) &&
          (action === undefined || entry.action === action) &&
          !(hidesSessionActions(action) && isSessionAction(entry.action)) &&
          (after === undefined || entry.createdAt >= after) &&
          (before === undefined || entry.createdAt <= before),
      )
      .sort(newestFirst)
      .map((entry) => ({ ...entry, names: namesOf(entry.changes, nameIn(store)) }));
    return pagedAnswer('audit', body, rows);
  }),
];
