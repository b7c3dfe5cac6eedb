import type { Selectable } from 'kysely';
import type { Brand } from '#src/contract/brands.ts';
import type { ImageUpload } from '#src/contract/common.ts';
import { fieldMessages } from '#src/contract/messages.ts';
import { nameKey } from '#src/domain/names.ts';
import type { Db } from '#server/db/connect.ts';
import type { BrandsTable } from '#server/db/schema.ts';
import { storeImage } from './images.ts';
import { containsPattern, likePattern, readPage, type PageRequest } from './read-page.ts';
import { inTransaction } from './transaction.ts';
import { writeUniquely } from './unique.ts';
import { refuseIfStale, type Expected } from './versions.ts';

export const toBrand = (row: Selectable<BrandsTable>): Brand => ({
  id: row.id,
  brandName: row.name,
  brandImage: row.image_path,
  brandIsActive: row.is_active === 1 ? 1 : 0,
});

/** A brand as its edit screen shows it: with the version a save sends back. */
export const toBrandDetail = (row: Selectable<BrandsTable>) => ({ ...toBrand(row), version: row.version });

export const findBrand = (db: Db, id: number) => db.selectFrom('brands').selectAll().where('id', '=', id).executeTakeFirst();

export async function listBrands(db: Db, path: string, search: string | undefined, page: PageRequest) {
  const query = search ? db.selectFrom('brands').where('name_key', 'like', likePattern(containsPattern(search))) : db.selectFrom('brands');
  return readPage(
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

export type BrandValues = { name: string; isActive: 0 | 1 };

// The unique name key decides a taken name (no check-then-write race); the image and the row
// are written together, so a refused name stores no picture.
const uniqueName = <T>(write: () => Promise<T>) => writeUniquely('brandName', fieldMessages.brandNameTaken, write);

/** Adds a brand with its logo; answers its id. */
export async function insertBrand(db: Db, brand: BrandValues & { image: ImageUpload }, now = new Date()): Promise<number> {
  return uniqueName(() =>
    inTransaction(db, async (trx) => {
      const row = await trx
        .insertInto('brands')
        .values({
          name: brand.name,
          name_key: nameKey(brand.name),
          image_path: await storeImage(trx, brand.image, now),
          is_active: brand.isActive,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    }),
  );
}

/** Rewrites a brand; without a new image it keeps its logo. */
export async function updateBrand(
  db: Db,
  id: number,
  brand: BrandValues & Expected & { image?: ImageUpload | undefined },
  now = new Date(),
) {
  await uniqueName(() =>
    inTransaction(db, async (trx) => {
      const imagePath = brand.image ? await storeImage(trx, brand.image, now) : undefined;
      const result = await trx
        .updateTable('brands')
        .set((eb) => ({
          name: brand.name,
          name_key: nameKey(brand.name),
          is_active: brand.isActive,
          updated_at: now.toISOString(),
          version: eb('version', '+', 1),
          ...(imagePath ? { image_path: imagePath } : {}),
        }))
        .where('id', '=', id)
        .$if(brand.expectedVersion !== undefined, (query) => query.where('version', '=', brand.expectedVersion!))
        .executeTakeFirst();
      refuseIfStale(result, brand);
    }),
  );
}
