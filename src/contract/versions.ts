import { z } from 'zod/mini';
import { idField } from './fields.ts';

export { staleVersionMessage } from './stale-version.ts';

// No lost updates (docs/design.md §7.6): a record's get call answers the version it read, and its
// update call may send it back. A version that is no longer the stored one means someone saved
// in between; the update then changes nothing and says so under `version`.

export const recordVersion = z.number().check(z.int(), z.gte(1));

/** Optional on every update call: clients that do not send it keep last-write-wins. */
export const versionField = z.optional(idField('The selected value is invalid.'));
