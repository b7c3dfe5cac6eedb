/** A size on the wire (docs/design.md §8.8): tons with two decimals, "1.50". */
export const SIZE_TEXT = /^\d{1,9}\.\d\d$/;

/** The models list's page size (docs/product.md §9). */
export const MODELS_PER_PAGE = 500;

/**
 * The wire words of a models sort, `"<key>.<asc|desc>"` (docs/design.md §7.1). Who may use each key
 * is src/domain/model-sort.ts's to say; `name` is the list's own order (brand, series, model).
 */
export const modelSortKeys = ['name', 'model', 'capacity', 'price', 'quantity'] as const;
export type ModelSortKey = (typeof modelSortKeys)[number];
export type SortDirection = 'asc' | 'desc';
export type ModelSort = { key: ModelSortKey; direction: SortDirection };
/** A sort as it travels: `"price.desc"`. */
export type ModelSortText = `${ModelSortKey}.${SortDirection}`;

const SORT_TEXT = new RegExp(`^(${modelSortKeys.join('|')})\\.(asc|desc)$`);

export const isModelSortText = (value: unknown): value is ModelSortText => typeof value === 'string' && SORT_TEXT.test(value);

export function parseModelSort(text: ModelSortText): ModelSort {
  const [key, direction] = text.split('.') as [ModelSortKey, SortDirection];
  return { key, direction };
}
