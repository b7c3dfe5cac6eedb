import type { ModelFilters, ModelSortText } from '#src/contract/models.ts';
import { fieldError } from '#src/contract/errors.ts';
import { fieldMessages } from '#src/contract/field-messages.ts';
import { matchesModelFilters, modelOrder, type ListedModel } from '#src/domain/model-list.ts';
import { sizesOf } from '#src/domain/model-size.ts';
import type { SessionUser } from '#src/domain/roles.ts';
import { isSellable, seesUnsellable } from '#src/domain/sellable.ts';
import { catalogue } from './catalogue.ts';
import type { CatalogueRow, MockStore } from './store-shape.ts';

// The models a user's list holds, read by the list, its export, its print stamp and the changes
// since the last visit alike, so all four always agree on which models they are.

/** The models this user's list may show at all (docs/design.md §8.8): Sales only what can be sold. */
export const offered = (store: MockStore, user: SessionUser): CatalogueRow[] => {
  const rows = catalogue(store);
  return seesUnsellable(user) ? rows : rows.filter(({ model, series, brand }) => isSellable(model, series, brand));
};

export const offeredSizes = (store: MockStore, user: SessionUser) =>
  sizesOf(
    offered(store, user).map(({ model }) => model.capacityKw),
    store.variables.tr,
  );

/** A store row as the domain's list rules read it, the row itself alongside. */
const listed = (row: CatalogueRow): ListedModel & { row: CatalogueRow } => ({
  brand: row.brand,
  series: row.series,
  model: row.model,
  capacityKw: row.model.capacityKw,
  price: row.model.priceUsd,
  quantity: row.model.quantity,
  minStock: row.model.minStock ?? 0,
  isActive: row.model.isActive,
  row,
});

/** The list's rows for this user; a size must be one of those the user is offered (422), as on the server. */
export function matchingRows(store: MockStore, user: SessionUser, ask: { filters: ModelFilters; sort?: ModelSortText | undefined }) {
  const { size } = ask.filters;
  if (size !== undefined && !offeredSizes(store, user).includes(size)) throw fieldError('filters.size', fieldMessages.invalidSize);
  return offered(store, user)
    .map(listed)
    .filter(matchesModelFilters(ask.filters, store.variables.tr))
    .sort(modelOrder(ask.sort))
    .map(({ row }) => row);
}
