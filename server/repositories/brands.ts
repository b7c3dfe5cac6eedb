import type { Selectable } from 'kysely';
import type { Brand } from '#src/contract/brands.ts';
import type { ImageUpload } from '#src/contract/common.ts';
import { fieldMessages } from '#src/contract/field-messages.ts';
import { diffChanges } from '#src/domain/audit.ts';
import type { Db, Store } from '#server/db/connect.ts';
import type { BrandsTable } from '#server/db/schema.ts';
import { storeImage } from './images.ts';
import { containsPattern, likePattern, readPage, type PageRequest } from './read-page.ts';
import { inTransaction } from './transaction.ts';
import { nameColumns, writeUniquely } from './unique.ts';
import { auditedUpdate, type Expected } from './versions.ts';
import { recordAudit, type By } from './audit.ts';

const BRAND_COLUMNS = ['id', 'name', 'image_path', 'is_active'] as const;

export const toBrand = (row: Pick<Selectable<BrandsTable>, (typeof BRAND_COLUMNS)[number]>): Brand => ({
  id: row.id,
  brandName: row.name,
  brandImage: row.image_path,
  brandIsActive: row.is_active === 1 ? 1 : 0,
});

/** A brand as its edit screen shows it: with the version a save sends back. */
export const toBrandDetail = (row: Selectable<BrandsTable>) => ({ ...toBrand(row), version: row.version });

export const findBrand = (db: Db, id: number) => db.selectFrom('brands').selectAll().where('id', '=', id).executeTakeFirst();

export function listBrands(store: Store, search: string | undefined, page: PageRequest) {
  const { db } = store;
  const query = search ? db.selectFrom('brands').where('name_key', 'like', likePattern(containsPattern(search))) : db.selectFrom('brands');
  return readPage(store, page, {
    counted: query,
    page: (limit, offset) => query.select(BRAND_COLUMNS).orderBy('name_key').orderBy('id').limit(limit).offset(offset),
    columns: BRAND_COLUMNS,
    rowOf: toBrand,
  });
}

export async function allBrands(db: Db) {
  const rows = await db.selectFrom('brands').select(['id', 'name']).orderBy('name_key').orderBy('id').execute();
  return rows.map((row) => ({ id: row.id, brandName: row.name }));
}

export type BrandValues = { name: string; isActive: 0 | 1 };

// The unique name key and skeleton decide a taken name (no check-then-write race); the image and the row
// are written together, so a refused name stores no picture.
const uniqueName = <T>(write: () => Promise<T>) => writeUniquely('brandName', fieldMessages.brandNameTaken, write);

/** What an audit entry compares: the brand's fields by their contract names. */
const auditFields = ({ brandName, brandImage, brandIsActive }: Brand) => ({ brandName, brandImage, brandIsActive });

/** Adds a brand with its logo, and its audit entry; answers its id. */
export async function insertBrand(db: Db, by: By, brand: BrandValues & { image: ImageUpload }, now = new Date()): Promise<number> {
  return uniqueName(() =>
    inTransaction(db, async (trx) => {
      const values = {
        name: brand.name,
        image_path: await storeImage(trx, brand.image, 'brandImage', now),
        is_active: brand.isActive,
      };
      const row = await trx
        .insertInto('brands')
        .values({ ...values, ...nameColumns(brand.name), created_at: now.toISOString(), updated_at: now.toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      const changes = diffChanges(null, auditFields(toBrand({ id: row.id, ...values })));
      await recordAudit(trx, by, { action: 'brand.create', entityId: row.id, entityName: brand.name, changes }, now);
      return row.id;
    }),
  );
}

/** Rewrites a brand, with its audit entry; without a new image it keeps its logo. */
export async function updateBrand(
  db: Db,
  by: By,
  id: number,
  brand: BrandValues & Expected & { image?: ImageUpload | undefined },
  now = new Date(),
) {
  await uniqueName(() =>
    auditedUpdate(
      db,
      by,
      {
        table: 'brands',
        id,
        expectedVersion: brand.expectedVersion,
        read: (trx) => findBrand(trx, id),
        set: async (trx) => ({
          ...nameColumns(brand.name),
          is_active: brand.isActive,
          ...(brand.image ? { image_path: await storeImage(trx, brand.image, 'brandImage', now) } : {}),
        }),
        audit: { action: 'brand.update', name: (after) => after.name, fields: (row) => auditFields(toBrand(row)) },
      },
      now,
    ),
  );
}
