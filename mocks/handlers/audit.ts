import type { AuditEntry } from '#src/contract/audit.ts';
import { auditWindow } from '#src/domain/audit.ts';
import { defineCall } from '#mocks/define-call.ts';
import type { MockCall } from '#mocks/define-call.ts';
import { pagedAnswer } from '#mocks/paged-answer.ts';

// Newest first in the order they took effect: by id, as the server's query.
const newestFirst = (a: AuditEntry, b: AuditEntry) => b.id - a.id;

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
          (after === undefined || entry.createdAt >= after) &&
          (before === undefined || entry.createdAt <= before),
      )
      .sort(newestFirst);
    return pagedAnswer('audit', body, rows);
  }),
];
