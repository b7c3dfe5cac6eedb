import { UNAUDITED } from '#server/repositories/audit.ts';
import { insertBrand } from '#server/repositories/brands.ts';
import { insertModels } from '#server/repositories/models.ts';
import { insertSeries } from '#server/repositories/series.ts';
import { insertStockHistory } from '#server/repositories/stock.ts';
import { writeVariables } from '#server/repositories/variables.ts';
import { images, type TestServer } from './harness.ts';

/**
 * A small catalogue with a tie on every sort key and two empty capacities, for models-sort and
 * models-export. In the list's own order (brand, series, model):
 *   a1 Alpha/S1 'M-a'            no capacity  USD 170    stock 0
 *   a2 Alpha/S1 'M-b'            3.5 kW       USD 50     stock 3
 *   a3 Alpha/S1 'Zed, "Quoted"'  1.75 kW      USD 50     stock 3
 *   a4 Alpha/S2 '=1+1'           3.5 kW       USD 10     stock 5
 *   b1 beta/S1  'M-a'            no capacity  USD 99.99  stock 0 (inactive)
 * The variables are the e2e ones, where USD 50 at exch 281.15 gives PKR 14,058.
 */
export const VARIABLES = { tr: '3.517', exch: '281.15', fare: '0.05', duties: '0.20', profit: '0.15' };

export async function seedSortCatalogue(server: Pick<TestServer, 'db'>, userId: number) {
  const image = { filename: 'logo.png', bytes: images.png };
  const alpha = await insertBrand(server.db, UNAUDITED, { name: 'Alpha', image, isActive: 1 });
  const beta = await insertBrand(server.db, UNAUDITED, { name: 'beta', image, isActive: 1 });
  const alphaS1 = await insertSeries(server.db, UNAUDITED, { brandId: alpha, name: 'S1', image, isActive: 1 });
  const alphaS2 = await insertSeries(server.db, UNAUDITED, { brandId: alpha, name: 'S2', image, isActive: 1 });
  const betaS1 = await insertSeries(server.db, UNAUDITED, { brandId: beta, name: 'S1', image, isActive: 1 });
  const models = {
    a1: { seriesId: alphaS1, name: 'M-a', capacityKw: null, priceUsd: 170, isActive: 1 as const },
    a2: { seriesId: alphaS1, name: 'M-b', capacityKw: 3.5, priceUsd: 50, isActive: 1 as const },
    a3: { seriesId: alphaS1, name: 'Zed, "Quoted"', capacityKw: 1.75, priceUsd: 50, isActive: 1 as const },
    a4: { seriesId: alphaS2, name: '=1+1', capacityKw: 3.5, priceUsd: 10, isActive: 1 as const },
    b1: { seriesId: betaS1, name: 'M-a', capacityKw: null, priceUsd: 99.99, isActive: 0 as const },
  };
  await insertModels(server.db, UNAUDITED, Object.values(models));
  const rows = await server.db.selectFrom('models').select(['id', 'series_id', 'name']).execute();
  const ids = Object.fromEntries(
    Object.entries(models).map(([label, model]) => [
      label,
      rows.find((row) => row.series_id === model.seriesId && row.name === model.name)!.id,
    ]),
  ) as Record<keyof typeof models, number>;
  const createdAt = new Date().toISOString();
  await insertStockHistory(server.db, [
    { modelId: ids.a2, userId, quantity: 3, createdAt },
    { modelId: ids.a3, userId, quantity: 3, createdAt },
    { modelId: ids.a4, userId, quantity: 5, createdAt },
  ]);
  await writeVariables(server.db, UNAUDITED, VARIABLES, {});
  return ids;
}
export type SortLabel = keyof Awaited<ReturnType<typeof seedSortCatalogue>>;
