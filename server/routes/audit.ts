import { pagedAnswer } from '#server/http/paged-json.ts';
import type { Api } from '#server/http/register-call.ts';
import { listAudit } from '#server/repositories/audit.ts';

const auditPage = pagedAnswer('audit');

/** The audit log (docs/design.md §7.2): read only; entries are written by the repositories' writes. */
export function auditRoutes({ call, store }: Api) {
  call('audit', async ({ body, reply }) => auditPage(reply, body, () => listAudit(store, body.filters, body)));
}
