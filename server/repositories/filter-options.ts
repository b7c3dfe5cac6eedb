import type { FilterOptions } from '#src/contract/models.ts';
import { sizesOf } from '#src/domain/model-size.ts';
import type { Db } from '#server/db/connect.ts';
import { kwFromMilli } from './model-units.ts';
import { modelsWithNames, onlySellable } from './models-list.ts';

/**
 * The distinct sizes of the models a caller's list shows, ascending (docs/design.md §8.8): read as
 * the distinct capacities, a few hundred at most, each made a size exactly in src/domain.
 */
export async function modelSizes(db: Db, sellableOnly: boolean, tr: string): Promise<string[]> {
  const withCapacity = modelsWithNames(db).select('models.capacity_milli_kw').distinct().where('models.capacity_milli_kw', 'is not', null);
  const rows = await (sellableOnly ? onlySellable(withCapacity) : withCapacity).execute();
  return sizesOf(
    rows.map((row) => kwFromMilli(row.capacity_milli_kw)),
    tr,
  );
}

/**
 * Every brand with its series, each by name key then id (docs/design.md §7.1): two queries, nested
 * here, and the sizes. A list that shows inactive models (level 2) is offered inactive brands and
 * series too, or it would hold rows no filter reaches; Sales are offered only active ones, as
 * their list holds only what can be sold (§8.8).
 */
export async function filterOptions(db: Db, sellableOnly: boolean, tr: string): Promise<FilterOptions> {
  let brandQuery = db.selectFrom('brands').select(['id', 'name']).orderBy('name_key').orderBy('id');
  let seriesQuery = db.selectFrom('series').select(['id', 'name', 'brand_id']).orderBy('name_key').orderBy('id');
  if (sellableOnly) {
    brandQuery = brandQuery.where('is_active', '=', 1);
    seriesQuery = seriesQuery.where('is_active', '=', 1);
  }
  const [brands, series, sizes] = await Promise.all([brandQuery.execute(), seriesQuery.execute(), modelSizes(db, sellableOnly, tr)]);
  const nested = brands.map((brand) => ({ id: brand.id, brandName: brand.name, series: [] as { id: number; seriesName: string }[] }));
  const byId = new Map(nested.map((brand) => [brand.id, brand]));
  // Series arrive in name order, so each brand's list stays in that order; an inactive brand's are left with it.
  for (const row of series) byId.get(row.brand_id)?.series.push({ id: row.id, seriesName: row.name });
  return { brands: nested, sizes };
}
