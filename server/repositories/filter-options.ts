import type { FilterOptions } from '#src/contract/models.ts';
import type { Db } from '#server/db/connect.ts';

/**
 * Every brand with its series, each by name key then id (docs/design.md §7.1): two queries, nested here.
 * Inactive brands and series are included: the models list shows every model whatever its
 * brand's or series' status, so a picker without them would leave rows that no filter reaches.
 */
export async function filterOptions(db: Db): Promise<FilterOptions> {
  const brands = await db.selectFrom('brands').select(['id', 'name']).orderBy('name_key').orderBy('id').execute();
  const series = await db.selectFrom('series').select(['id', 'name', 'brand_id']).orderBy('name_key').orderBy('id').execute();
  const nested = brands.map((brand) => ({ id: brand.id, brandName: brand.name, series: [] as { id: number; seriesName: string }[] }));
  const byId = new Map(nested.map((brand) => [brand.id, brand]));
  // Series arrive in name order, so each brand's list stays in that order.
  for (const row of series) byId.get(row.brand_id)?.series.push({ id: row.id, seriesName: row.name });
  return { brands: nested };
}
