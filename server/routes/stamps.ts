import { HttpError } from '#src/contract/errors.ts';
import { messages } from '#src/contract/messages.ts';
import { mayAskModels } from '#src/domain/model-sort.ts';
import { stampLine } from '#src/domain/price-stamps.ts';
import type { Business } from '#server/config.ts';
import type { Api } from '#server/http/register-call.ts';
import { createStamp, modelsToStamp } from '#server/repositories/stamps.ts';
import { readVariables } from '#server/repositories/variables.ts';
import { modelsScopeOf } from './models-scope.ts';

/** The public link of a stamp: PUBLIC_URL + '/v/' + ref. */
export const stampUrlOf = (business: Business, ref: string) => `${business.publicUrl}/v/${ref}`;

/**
 * stamps/create (docs/design.md §8.2): the sheet being printed is the list's export for this
 * caller, so the same filters, sort, scope and refusals decide which models the stamp records.
 */
export function stampRoutes({ call, db, store }: Api, business: Business) {
  call('stamps/create', async ({ body, user }) => {
    if (!mayAskModels(user, body)) throw new HttpError(403, messages.forbidden);
    const variables = await readVariables(db);
    const scope = await modelsScopeOf(db, user, body.filters, variables.tr);
    const models = await modelsToStamp(store, { ...body, scope }, variables);
    const stamp = await createStamp(db, user, variables, models);
    return { stamp: { ref: stamp.ref, line: stampLine(stamp, business.timeZone), url: stampUrlOf(business, stamp.ref) } };
  });
}
