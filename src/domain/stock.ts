// A stock log row's type says which way its quantity moved; a model's quantity is the signed
// sum of its log (models/add-stock and models/remove-stock write one row each).
export const QUANTITY_ADDED = 1;
export const QUANTITY_REMOVED = 2;

export type StockMove = { quantity: number; quantityType: number };

export const signedQuantity = ({ quantity, quantityType }: StockMove): number => (quantityType === QUANTITY_REMOVED ? -quantity : quantity);

/**
 * Low stock (docs/design.md §7.3): a threshold above 0 that the quantity has reached. A threshold of
 * 0 means none. The server's query (server/repositories/low-stock.ts) states the same condition in SQL.
 */
export const isLowStock = ({ quantity, minStock }: { quantity: number; minStock: number }): boolean => minStock > 0 && quantity <= minStock;
