import { parseModelSort, type ModelSortKey, type ModelSortText } from '#src/contract/models.ts';
import { nameKey } from '#src/domain/names.ts';
import type { CatalogueRow } from './store-shape.ts';
import { compareText, orderBy } from './names.ts';

// The price list's order: brand, series, model name, each tie broken by id.
export const listOrder = orderBy<CatalogueRow>(
  ({ brand }) => nameKey(brand.name),
  ({ brand }) => brand.id,
  ({ series }) => nameKey(series.name),
  ({ series }) => series.id,
  ({ model }) => nameKey(model.name),
  ({ model }) => model.id,
);

type Order = (a: CatalogueRow, b: CatalogueRow) => number;
const ascending: Record<Exclude<ModelSortKey, 'name'>, (row: CatalogueRow) => number | string | null> = {
  model: ({ model }) => nameKey(model.name),
  capacity: ({ model }) => model.capacityKw,
  price: ({ model }) => model.priceUsd,
  quantity: ({ model }) => model.quantity,
};

/** As server/repositories/models.ts orders: the key either way, empty values last both ways, ties in the list's order. */
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
