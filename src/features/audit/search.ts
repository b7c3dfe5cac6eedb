import { z } from 'zod';
import { auditAction, auditEntityType } from '#src/contract/audit.ts';
import { listSearchSchema } from '#src/lib/list-search.ts';
import { dayFromText, textOfDay } from './day-text.ts';

const optionalId = z.coerce.number().int().min(1).optional().catch(undefined);
const optionalDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  // A calendar day only (not 2026-02-30), which the server would refuse.
  .refine((day) => dayFromText(textOfDay(day)) === day)
  .optional()
  .catch(undefined);

/** The Audit Log's URL: page, page size and the filters (docs/design.md §7.2); anything unreadable is dropped. */
export const auditSearchSchema = listSearchSchema(30)
  .omit({ search: true })
  .extend({
    entityType: auditEntityType.optional().catch(undefined),
    entityId: optionalId,
    userId: optionalId,
    action: auditAction.optional().catch(undefined),
    from: optionalDay,
    to: optionalDay,
  });
export type AuditSearch = z.infer<typeof auditSearchSchema>;
