import { parseModelSort, type ModelFilters, type ModelSortKey, type ModelSortText } from '#src/contract/models.ts';
import { mayAccess, type Access } from './access.ts';
import type { SessionUser } from './roles.ts';
import { modelsListAccess } from './screens.ts';
import { mayFilterModelsByLowStock, mayFilterModelsByStatus } from './model-fields.ts';

/**
 * Who may sort the models list by each key (docs/design.md §7.1): a role sorts only by what its
 * columns show, since the order alone would tell the hidden values. Every role sees Total, which
 * follows the USD price, so every role sorts by `price`; stock is level 2.
 */
const sortAccess = {
  name: modelsListAccess.total,
  model: modelsListAccess.total,
  capacity: modelsListAccess.total,
  price: modelsListAccess.total,
  quantity: modelsListAccess.quantity,
} as const satisfies Record<ModelSortKey, Access>;

export const maySortModelsBy = (user: SessionUser | null, key: ModelSortKey) => mayAccess(user, sortAccess[key]);

/** The filters and sort of `models` and `models/export` this user may ask for (else 403). */
export function mayAskModels(user: SessionUser, ask: { filters: ModelFilters; sort?: ModelSortText | undefined }): boolean {
  if (ask.filters.status !== undefined && !mayFilterModelsByStatus(user)) return false;
  if (ask.filters.lowStock !== undefined && !mayFilterModelsByLowStock(user)) return false;
  return ask.sort === undefined || maySortModelsBy(user, parseModelSort(ask.sort).key);
}
