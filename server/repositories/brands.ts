import type { Selectable } from 'kysely';
import type { Brand } from '#src/contract/brands.ts';
import type { Db, RowReader } from '#server/db/connect.ts';
import type { BrandsTable } from '#server/db/schema.ts';
import { containsPattern, likePattern, paginate, readPage, type PageRequest } from './paginate.ts';

const BRAND_COLUMNS = ['id', 'name', 'image_path', 'is_active'] as const;

export const toBrand = (row: Pick<Selectable<BrandsTable>, (typeof BRAND_COLUMNS)[number]>): Brand => ({
  id: row.id,
  brandName: row.name,
  brandImage: row.image_path,
  brandIsActive: row.is_active === 1 ? 1 : 0,
});

export const findBrand = (db: Db, id: number) => db.selectFrom('brands').selectAll().where('id', '=', id).executeTakeFirst();

export async function listBrands(db: Db, readRows: RowReader, path: string, search: string | undefined, page: PageRequest) {
  const query = search ? db.selectFrom('brands').where('name_key', 'like', likePattern(containsPattern(search))) : db.selectFrom('brands');
  return paginate(
    path,
    page,
    async () => (await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()).count,
    async (limit, offset) =>
      readPage(
        readRows,
        BRAND_COLUMNS,
        query.select(BRAND_COLUMNS).orderBy('name_key').orderBy('id').limit(limit).offset(offset),
        limit,
        toBrand,
      ),
  );
}

export async function allBrands(db: Db) {
  const rows = await db.selectFrom('brands').select(['id', 'name']).orderBy('name_key').orderBy('id').execute();
  return rows.map((row) => ({ id: row.id, brandName: row.name }));
}
