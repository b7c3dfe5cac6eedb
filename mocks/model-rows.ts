import type { ModelFilters, ModelSortText } from '#src/contract/models.ts';
import { fieldError } from '#src/contract/errors.ts';
import { fieldMessages } from '#src/contract/messages.ts';
import { sizeOfCapacity, sizesOf } from '#src/domain/model-size.ts';
import type { SessionUser } from '#src/domain/roles.ts';
import { isSellable, seesUnsellable } from '#src/domain/sellable.ts';
import { isLowStock } from '#src/domain/stock.ts';
import { catalogue } from './catalogue.ts';
import { modelOrder } from './model-order.ts';
import { matchesSearch } from './names.ts';
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

const matches =
  (filters: ModelFilters, tr: string) =>
  ({ model, series, brand }: CatalogueRow) =>
    matchesSearch(filters.search, model.name, series.name, brand.name) &&
    (filters.size === undefined || sizeOfCapacity(model.capacityKw, tr) === filters.size) &&
    (filters.brandId === undefined || series.brandId === filters.brandId) &&
    (filters.seriesId === undefined || model.seriesId === filters.seriesId) &&
    (filters.status === undefined || model.isActive === filters.status) &&
    (filters.lowStock !== 1 || isLowStock({ quantity: model.quantity, minStock: model.minStock ?? 0 }));

/** The list's rows for this user; a size must be one of those the user is offered (422), as on the server. */
export function matchingRows(store: MockStore, user: SessionUser, ask: { filters: ModelFilters; sort?: ModelSortText | undefined }) {
  const { size } = ask.filters;
  if (size !== undefined && !offeredSizes(store, user).includes(size)) throw fieldError('filters.size', fieldMessages.invalidSize);
  return offered(store, user).filter(matches(ask.filters, store.variables.tr)).sort(modelOrder(ask.sort));
}
