import { bulkPreviewResponse, type BulkUpdateBody } from '#src/contract/bulk-update.ts';
import type { CurrentUser } from '#src/contract/auth.ts';
import { done } from '#src/contract/messages.ts';
import type { Db } from '#server/db/connect.ts';
import { previewJson } from '#server/http/preview-json.ts';
import type { Api } from '#server/http/register-call.ts';
import { sendJsonPieces } from '#server/http/rows-json.ts';
import { applyBulkUpdate, previewBulkUpdate, type BulkSelection } from '#server/repositories/bulk-update.ts';
import { readVariables } from '#server/repositories/variables.ts';
import { modelsScopeOf } from './models-scope.ts';

const bulkPreviewJson = previewJson(bulkPreviewResponse);

/** The ids sent, or the filters as the caller's models list reads them (its scope, a size at the stored TR). */
async function selectionOf(db: Db, user: CurrentUser, body: BulkUpdateBody): Promise<BulkSelection> {
  if (body.ids !== undefined) return { ids: body.ids };
  const filters = body.filters ?? {};
  return { filters, scope: await modelsScopeOf(db, user, filters, (await readVariables(db)).tr) };
}

/** models/bulk-update (docs/design.md §8.4): the preview, sent in slices, or the apply's message. */
export function bulkUpdateRoutes({ call, db, store }: Api) {
  call('models/bulk-update', async ({ body, reply, user }) => {
    const selection = await selectionOf(db, user, body);
    const change = { set: body.set, price: body.price };
    if (body.preview === 1) return sendJsonPieces(reply, bulkPreviewJson(await previewBulkUpdate(store, selection, change)));
    return done.modelsUpdated(await applyBulkUpdate(db, user, selection, change));
  });
}
