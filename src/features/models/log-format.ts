import type { LogRow } from '#src/contract/models.ts';
import { formatLakh } from '#src/domain/format.ts';

// A stock move as Model Logs and the dashboard's recent moves write it; apart from Model Logs' table
// and form fields, which the dashboard does not draw.

/** quantityType 2 is a deduction (docs/product.md §9). */
const DEDUCTION = 2;

export const formatLogQuantity = (row: Pick<LogRow, 'quantity' | 'quantityType'>) =>
  row.quantityType === DEDUCTION ? `-${formatLakh(row.quantity)}` : formatLakh(row.quantity);

/** created_at (ISO, UTC) as a date string in the user's time zone, day first. */
export const formatLogDate = (createdAt: string) => new Date(createdAt).toLocaleString('en-GB');
