import type { Selectable } from 'kysely';
import type { Brand } from '#src/contract/brands.ts';
import type { Db } from '#server/db/connect.ts';
import type { BrandsTable } from '#server/db/schema.ts';
import { containsPattern, likePattern, paginate, type PageRequest } from './paginate.ts';

export const toBrand = (row: Selectable<BrandsTable>): Brand => ({
  id: row.id,
  brandName: row.name,
  brandImage: row.image_path,
  brandIsActive: row.is_active === 1 ? 1 : 0,
});

export const findBrand = (db: Db, id: number) => db.selectFrom('brands').selectAll().where('id', '=', id).executeTakeFirst();

export async function listBrands(db: Db, path: string, search: string | undefined, page: PageRequest) {
  const query = search ? db.selectFrom('brands').where('name_key', 'like', likePattern(containsPattern(search))) : db.selectFrom('brands');
  return paginate(
    path,
    page,
    async () => (await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()).count,
    async (limit, offset) => (await query.selectAll().orderBy('name_key').orderBy('id').limit(limit).offset(offset).execute()).map(toBrand),
  );
}

export async function allBrands(db: Db) {
  const rows = await db.selectFrom('brands').select(['id', 'name']).orderBy('name_key').orderBy('id').execute();
  return rows.map((row) => ({ id: row.id, brandName: row.name }));
}
