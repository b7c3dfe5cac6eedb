import type { ModelRow } from '#src/contract/models.ts';
import { mayAccess } from './access.ts';
import type { SessionUser } from './roles.ts';
import { modelsListAccess } from './screens.ts';

/**
 * The fields of a `models` row that only some roles receive (docs/design.md §7.6), each with the list
 * column that shows it (docs/product.md §6): a role is sent only what its screen shows, so a Sales user's
 * answer carries neither stock nor status. Sales keep `modelPriceUsd`: their Total comes from it.
 */
const gatedFields = {
  modelQuantity: modelsListAccess.quantity,
  // The threshold tells as much as the stock it guards.
  modelMinStock: modelsListAccess.quantity,
  modelIsActive: modelsListAccess.status,
} as const satisfies Partial<Record<keyof ModelRow, unknown>>;

export type GatedModelField = keyof typeof gatedFields;
/** For each gated field, whether this user receives it. */
export type ModelFieldsSeen = Record<GatedModelField, boolean>;

export function modelFieldsSeen(user: SessionUser): ModelFieldsSeen {
  return {
    modelQuantity: mayAccess(user, gatedFields.modelQuantity),
    modelMinStock: mayAccess(user, gatedFields.modelMinStock),
    modelIsActive: mayAccess(user, gatedFields.modelIsActive),
  };
}

/** Filtering by status would tell the statuses themselves, so it takes the right to see them. */
export const mayFilterModelsByStatus = (user: SessionUser) => modelFieldsSeen(user).modelIsActive;

/** Filtering by low stock would tell the stock, so it takes the right to see it. */
export const mayFilterModelsByLowStock = (user: SessionUser) => modelFieldsSeen(user).modelQuantity;
