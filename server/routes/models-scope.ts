import { fieldError } from '#src/contract/errors.ts';
import { fieldMessages } from '#src/contract/field-messages.ts';
import type { ModelFilters } from '#src/contract/models.ts';
import { capacityRangeOfSize } from '#src/domain/model-size.ts';
import type { SessionUser } from '#src/domain/roles.ts';
import { seesUnsellable } from '#src/domain/sellable.ts';
import type { Db } from '#server/db/connect.ts';
import { modelSizes } from '#server/repositories/filter-options.ts';
import type { ModelsScope } from '#server/repositories/models-list.ts';

/**
 * What the caller's list covers (docs/design.md §8.8): Sales only what can be sold; a size as the
 * capacities of that size at the stored TR, and only one of the sizes this caller is offered. The
 * list, its export and a stamp of it (§8.2) all read the same models.
 */
export async function modelsScopeOf(db: Db, user: SessionUser, filters: ModelFilters, tr: string): Promise<ModelsScope> {
  const sellableOnly = !seesUnsellable(user);
  if (filters.size === undefined) return { sellableOnly };
  const capacity = capacityRangeOfSize(filters.size, tr);
  if (capacity === null || !(await modelSizes(db, sellableOnly, tr)).includes(filters.size)) {
    throw fieldError('filters.size', fieldMessages.invalidSize);
  }
  return { sellableOnly, capacity };
}
