import { z } from 'zod/mini';

// The dashboard call (docs/design.md §7.3): one answer for the first screen, its parts by level
// (src/domain/dashboard.ts). A part the user's level does not reach is absent, not empty. The
// first screen checks this answer with its own script.

export const lowStockRow = z.object({
  id: z.int(),
  brandName: z.string(),
  seriesName: z.string(),
  modelName: z.string(),
  modelQuantity: z.int(),
  modelMinStock: z.int(),
});
export type LowStockRow = z.infer<typeof lowStockRow>;

export const stockMoveRow = z.object({
  id: z.int(),
  modelId: z.int(),
  modelName: z.string(),
  quantity: z.int(),
  quantityType: z.int(),
  note: z.nullable(z.string()),
  name: z.string(),
  created_at: z.string(),
});
export type StockMoveRow = z.infer<typeof stockMoveRow>;

/** One point of the exchange rate's recent history: the rate from `createdAt` on. */
export const ratePoint = z.object({ createdAt: z.string(), value: z.string() });
export type RatePoint = z.infer<typeof ratePoint>;

export const catalogueCounts = z.object({
  brands: z.int(),
  series: z.int(),
  models: z.int(),
  activeModels: z.int(),
  users: z.int(),
});

export const dashboard = z.object({
  exch: z.string(),
  // When and by whom the rate last changed; null while no change is on record.
  exchChangedAt: z.nullable(z.string()),
  exchChangedBy: z.nullable(z.string()),
  // Level 2 and up.
  lowStockCount: z.optional(z.int()),
  lowStock: z.optional(z.array(lowStockRow)),
  recentMoves: z.optional(z.array(stockMoveRow)),
  /** The last 90 days of the rate, oldest first, for the sparkline. */
  exchHistory: z.optional(z.array(ratePoint)),
  // Level 1.
  counts: z.optional(catalogueCounts),
  /** Σ quantity × Total over active models, exact, as a decimal string. */
  stockValuePkr: z.optional(z.string()),
});
export type Dashboard = z.infer<typeof dashboard>;
export const dashboardResponse = z.object({ dashboard });
