import { calls } from '#src/contract/calls.ts';
import type { RowReader } from '#server/db/connect.ts';
import { pagedAnswer } from '#server/http/paged-json.ts';
import type { Api } from '#server/http/register-call.ts';
import { listAudit } from '#server/repositories/audit.ts';

const auditPage = pagedAnswer(calls.audit.response);

/** The audit log (docs/design.md §7.2): read only; entries are written by the repositories' writes. */
export function auditRoutes({ call, db }: Api, readRows: RowReader) {
  call('audit', async ({ body, reply }) =>
    auditPage(reply, body.per_page, () => listAudit(db, readRows, '/api/audit', body.filters, body)),
  );
}
