import { z } from 'zod';

// The dashboard call (docs/design.md §7.3): one answer for the first screen, its parts by level
// (src/domain/dashboard.ts). A part the user's level does not reach is absent, not empty.

export const lowStockRow = z.object({
  id: z.number().int(),
  brandName: z.string(),
  seriesName: z.string(),
  modelName: z.string(),
  modelQuantity: z.number().int(),
  modelMinStock: z.number().int(),
});
export type LowStockRow = z.infer<typeof lowStockRow>;

export const stockMoveRow = z.object({
  id: z.number().int(),
  modelId: z.number().int(),
  modelName: z.string(),
  quantity: z.number().int(),
  quantityType: z.number().int(),
  note: z.string().nullable(),
  name: z.string(),
  created_at: z.string(),
});
export type StockMoveRow = z.infer<typeof stockMoveRow>;

/** One point of the exchange rate's recent history: the rate from `createdAt` on. */
export const ratePoint = z.object({ createdAt: z.string(), value: z.string() });
export type RatePoint = z.infer<typeof ratePoint>;

export const catalogueCounts = z.object({
  brands: z.number().int(),
  series: z.number().int(),
  models: z.number().int(),
  activeModels: z.number().int(),
  users: z.number().int(),
});

export const dashboard = z.object({
  exch: z.string(),
  // When and by whom the rate last changed; null while no change is on record.
  exchChangedAt: z.string().nullable(),
  exchChangedBy: z.string().nullable(),
  // Level 2 and up.
  lowStockCount: z.number().int().optional(),
  lowStock: z.array(lowStockRow).optional(),
  recentMoves: z.array(stockMoveRow).optional(),
  /** The last 90 days of the rate, oldest first, for the sparkline. */
  exchHistory: z.array(ratePoint).optional(),
  // Level 1.
  counts: catalogueCounts.optional(),
  /** Σ quantity × Total over active models, exact, as a decimal string. */
  stockValuePkr: z.string().optional(),
});
export type Dashboard = z.infer<typeof dashboard>;
export const dashboardResponse = z.object({ dashboard });
