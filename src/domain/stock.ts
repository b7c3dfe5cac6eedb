// A stock log row's type says which way its quantity moved; a model's quantity is the signed
// sum of its log. The app adds stock only; deductions exist in older data.
export const QUANTITY_ADDED = 1;
export const QUANTITY_REMOVED = 2;

export type StockMove = { quantity: number; quantityType: number };

export const signedQuantity = ({ quantity, quantityType }: StockMove): number => (quantityType === QUANTITY_REMOVED ? -quantity : quantity);
