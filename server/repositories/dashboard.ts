import { setImmediate as nextTurn } from 'node:timers/promises';
import type { LowStockRow, StockMoveRow } from '#src/contract/dashboard.ts';
import type { Variables } from '#src/contract/variables.ts';
import { scaledText } from '#src/domain/decimal.ts';
import { preparePriceVariables } from '#src/domain/prices.ts';
import { addStockValue, NO_STOCK_VALUE } from '#src/domain/stock-value.ts';
import type { Db } from '#server/db/connect.ts';
import { isLowStockSql } from './low-stock.ts';

/** How many rows each dashboard list shows. */
export const DASHBOARD_ROWS = 10;

/** The low-stock models: how many, and the first few, lowest stock first. */
export async function lowStock(db: Db): Promise<{ count: number; rows: LowStockRow[] }> {
  const low = db.selectFrom('models').where(isLowStockSql);
  const [{ count }, rows] = await Promise.all([
    low.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    low
      .innerJoin('series', 'series.id', 'models.series_id')
      .innerJoin('brands', 'brands.id', 'series.brand_id')
      .select([
        'models.id',
        'brands.name as brand_name',
        'series.name as series_name',
        'models.name',
        'models.quantity',
        'models.min_stock',
      ])
      .orderBy('models.quantity')
      .orderBy('brands.name_key')
      .orderBy('series.name_key')
      .orderBy('models.name_key')
      .orderBy('models.id')
      .limit(DASHBOARD_ROWS)
      .execute(),
  ]);
  return {
    count: Number(count),
    rows: rows.map((row) => ({
      id: row.id,
      brandName: row.brand_name,
      seriesName: row.series_name,
      modelName: row.name,
      modelQuantity: Number(row.quantity),
      modelMinStock: Number(row.min_stock),
    })),
  };
}

/** The last stock moves of every model, newest first in the order they took effect (by id, as the logs list). */
export async function recentMoves(db: Db): Promise<StockMoveRow[]> {
  const rows = await db
    .selectFrom('stock_logs')
    .innerJoin('models', 'models.id', 'stock_logs.model_id')
    .innerJoin('users', 'users.id', 'stock_logs.user_id')
    .select([
      'stock_logs.id',
      'stock_logs.model_id',
      'models.name as model_name',
      'stock_logs.quantity',
      'stock_logs.quantity_type',
      'stock_logs.note',
      'users.name as user_name',
      'stock_logs.created_at',
    ])
    .orderBy('stock_logs.id', 'desc')
    .limit(DASHBOARD_ROWS)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    modelId: row.model_id,
    modelName: row.model_name,
    quantity: Number(row.quantity),
    quantityType: row.quantity_type,
    note: row.note,
    name: row.user_name,
    created_at: row.created_at,
  }));
}

export async function catalogueCounts(db: Db) {
  const count = (table: 'brands' | 'series' | 'models' | 'users') =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.count));
  const [brands, series, models, users, activeModels] = await Promise.all([
    count('brands'),
    count('series'),
    count('models'),
    count('users'),
    db
      .selectFrom('models')
      .where('is_active', '=', 1)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.count)),
  ]);
  return { brands, series, models, activeModels, users };
}

const VALUE_SLICE = 1_000;

/**
 * Σ quantity × Total over the active models in stock, exact (src/domain/stock-value.ts). Read by
 * id a slice at a time, with the event loop let run between, so a catalogue of tens of thousands
 * neither sits in memory at once nor holds other calls up.
 */
export async function stockValuePkr(db: Db, variables: Variables): Promise<string> {
  const vars = preparePriceVariables(variables);
  let sum = NO_STOCK_VALUE;
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('models')
      .select(['id', 'quantity', 'price_cents'])
      .where('is_active', '=', 1)
      .where('quantity', '>', 0)
      .where('id', '>', after)
      .orderBy('id')
      .limit(VALUE_SLICE)
      .execute();
    // Whole cents → the exact decimal dollars.
    sum = addStockValue(
      sum,
      rows.map((row) => ({ quantity: Number(row.quantity), priceUsd: scaledText(BigInt(row.price_cents), 2) })),
      vars,
    );
    if (rows.length < VALUE_SLICE) return String(sum);
    after = rows[rows.length - 1]!.id;
    await nextTurn();
  }
}
