import type { ModelDetail, ModelRow } from '#src/contract/models.ts';
import { mayAccess } from './access.ts';
import type { SessionUser } from './roles.ts';
import { modelsListAccess } from './screens.ts';

/**
 * The fields of a `models` row that only some roles receive (docs/design.md §7.6, §8.9), each with
 * what of the list shows or needs it (docs/product.md §6): a role is sent only what its screen
 * shows, so a Sales user's answer carries neither stock nor status, nor the USD price: with the
 * variables it gives Cost and Profit. Those who do not receive the price receive `modelTotal`.
 */
const gatedFields = {
  modelPriceUsd: modelsListAccess.pricing,
  modelQuantity: modelsListAccess.quantity,
  // The threshold tells as much as the stock it guards.
  modelMinStock: modelsListAccess.quantity,
  modelIsActive: modelsListAccess.status,
} as const satisfies Partial<Record<keyof ModelRow, unknown>>;

export type GatedModelField = keyof typeof gatedFields;
/** For each gated field, whether this user receives it; `modelTotal` goes to those without the price. */
export type ModelFieldsSeen = Record<GatedModelField | 'modelTotal', boolean>;

export function modelFieldsSeen(user: SessionUser): ModelFieldsSeen {
  const modelPriceUsd = mayAccess(user, gatedFields.modelPriceUsd);
  return {
    modelPriceUsd,
    modelTotal: !modelPriceUsd,
    modelQuantity: mayAccess(user, gatedFields.modelQuantity),
    modelMinStock: mayAccess(user, gatedFields.modelMinStock),
    modelIsActive: mayAccess(user, gatedFields.modelIsActive),
  };
}

/** Filtering by status would tell the statuses themselves, so it takes the right to see them. */
export const mayFilterModelsByStatus = (user: SessionUser) => modelFieldsSeen(user).modelIsActive;

/** Filtering by low stock would tell the stock, so it takes the right to see it. */
export const mayFilterModelsByLowStock = (user: SessionUser) => modelFieldsSeen(user).modelQuantity;

/**
 * models/get-model for this user: a Manager's screens (Model Logs, the stock forms) show no status,
 * so only those who may see it in the list receive it (docs/design.md §8.9).
 */
export function modelDetailFor(user: SessionUser, detail: ModelDetail): ModelDetail {
  if (modelFieldsSeen(user).modelIsActive) return detail;
  const seen = { ...detail };
  delete seen.modelIsActive;
  return seen;
}
