import { parseModelSort, type ModelFilters, type ModelSortKey, type ModelSortText } from '#src/contract/models.ts';
import { sizeOfCapacity } from './model-size.ts';
import { compareText, matchesSearch, nameKey, orderBy } from './names.ts';
import { isLowStock } from './stock.ts';

// The models list's filters and order as the server's SQL applies them (server/repositories/models-list.ts),
// written once for the two lists that apply them outside it: the mocks' store and the saved price
// sheet the app shows offline (docs/design.md §8.6).

/** A model as the list filters and orders it, whoever holds it. `price` is what the role sees of it: the USD price, or the Total that follows it. */
export type ListedModel = {
  brand: { id: number; name: string };
  series: { id: number; name: string };
  model: { id: number; name: string };
  capacityKw: number | null;
  price: number | null;
  quantity: number | null;
  minStock: number;
  isActive: number | undefined;
};

/** The price list's order: brand, series, model name, each tie broken by id (of anything named so). */
export const listOrder = orderBy<Pick<ListedModel, 'brand' | 'series' | 'model'>>(
  ({ brand }) => nameKey(brand.name),
  ({ brand }) => brand.id,
  ({ series }) => nameKey(series.name),
  ({ series }) => series.id,
  ({ model }) => nameKey(model.name),
  ({ model }) => model.id,
);

type Order = (a: ListedModel, b: ListedModel) => number;
const ascending: Record<Exclude<ModelSortKey, 'name'>, (row: ListedModel) => number | string | null> = {
  model: ({ model }) => nameKey(model.name),
  capacity: ({ capacityKw }) => capacityKw,
  price: ({ price }) => price,
  quantity: ({ quantity }) => quantity,
};

/** The key either way, empty values last both ways, ties in the list's order. */
export function modelOrder(text: ModelSortText | undefined): Order {
  if (text === undefined) return listOrder;
  const { key, direction } = parseModelSort(text);
  const sign = direction === 'asc' ? 1 : -1;
  if (key === 'name') return (a, b) => sign * listOrder(a, b);
  const value = ascending[key];
  return (a, b) => {
    const x = value(a);
    const y = value(b);
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      const order = typeof x === 'number' && typeof y === 'number' ? x - y : compareText(String(x), String(y));
      if (order !== 0) return sign * order;
    }
    return listOrder(a, b);
  };
}

/** Whether a model passes the list's filters; sizes are worked out at the variables' TR. */
export const matchesModelFilters =
  (filters: ModelFilters, tr: string) =>
  ({ model, series, brand, capacityKw, quantity, minStock, isActive }: ListedModel) =>
    matchesSearch(filters.search, model.name, series.name, brand.name) &&
    (filters.size === undefined || sizeOfCapacity(capacityKw, tr) === filters.size) &&
    (filters.brandId === undefined || brand.id === filters.brandId) &&
    (filters.seriesId === undefined || series.id === filters.seriesId) &&
    (filters.status === undefined || isActive === filters.status) &&
    (filters.lowStock !== 1 || (quantity !== null && isLowStock({ quantity, minStock })));
