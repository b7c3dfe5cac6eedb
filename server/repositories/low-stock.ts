import type { ExpressionBuilder } from 'kysely';
import type { Database } from '#server/db/schema.ts';

/**
 * src/domain/stock.ts's `isLowStock` as SQL, so the models filter and the dashboard select the
 * rows that rule names: a threshold above 0 that the quantity has reached.
 */
export const isLowStockSql = (eb: ExpressionBuilder<Pick<Database, 'models'>, 'models'>) =>
  eb.and([eb('models.min_stock', '>', 0), eb('models.quantity', '<=', eb.ref('models.min_stock'))]);
