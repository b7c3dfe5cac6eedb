import type { Series } from '#src/contract/series.ts';
import type { Db, RowReader } from '#server/db/connect.ts';
import { containsPattern, likePattern, paginate, readPage, type PageRequest } from './paginate.ts';

const seriesWithBrand = (db: Db) => db.selectFrom('series').innerJoin('brands', 'brands.id', 'series.brand_id');

const seriesColumns = [
  'series.id',
  'series.name',
  'series.image_path',
  'series.brand_id',
  'brands.name as brand_name',
  'series.is_active',
] as const;

type SeriesSelection = { id: number; name: string; image_path: string; brand_id: number; brand_name: string; is_active: number };

const toSeries = (row: SeriesSelection): Series => ({
  id: row.id,
  seriesName: row.name,
  seriesImage: row.image_path,
  seriesBrandId: row.brand_id,
  brandName: row.brand_name,
  seriesIsActive: row.is_active === 1 ? 1 : 0,
});

export async function findSeries(db: Db, id: number): Promise<Series | undefined> {
  const row = await seriesWithBrand(db).select(seriesColumns).where('series.id', '=', id).executeTakeFirst();
  return row && toSeries(row);
}

export async function listSeries(db: Db, readRows: RowReader, path: string, search: string | undefined, page: PageRequest) {
  let query = seriesWithBrand(db);
  if (search) {
    const pattern = likePattern(containsPattern(search));
    query = query.where((eb) => eb.or([eb('series.name_key', 'like', pattern), eb('brands.name_key', 'like', pattern)]));
  }
  return paginate(
    path,
    page,
    async () => (await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()).count,
    async (limit, offset) =>
      readPage(
        readRows,
        seriesColumns,
        query.select(seriesColumns).orderBy('brands.name_key').orderBy('series.name_key').orderBy('series.id').limit(limit).offset(offset),
        limit,
        toSeries,
      ),
  );
}

export async function allSeries(db: Db) {
  const rows = await seriesWithBrand(db)
    .select(['series.id', 'series.name', 'series.brand_id', 'brands.name as brand_name'])
    .orderBy('brands.name_key')
    .orderBy('series.name_key')
    .orderBy('series.id')
    .execute();
  return rows.map((row) => ({ id: row.id, seriesName: row.name, seriesBrandId: row.brand_id, brandName: row.brand_name }));
}

export async function seriesOfBrand(db: Db, brandId: number) {
  const rows = await db
    .selectFrom('series')
    .select(['id', 'name'])
    .where('brand_id', '=', brandId)
    .orderBy('name_key')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, seriesName: row.name }));
}
