import type { ImageUpload } from '#src/contract/common.ts';
import { fieldMessages } from '#src/contract/field-messages.ts';
import type { Series } from '#src/contract/series.ts';
import { diffChanges } from '#src/domain/audit.ts';
import type { Db, Store } from '#server/db/connect.ts';
import { storeImage } from './images.ts';
import { containsPattern, likePattern, readPage, type PageRequest } from './read-page.ts';
import { inTransaction } from './transaction.ts';
import { nameColumns, writeUniquely } from './unique.ts';
import { auditedUpdate, type Expected } from './versions.ts';
import { recordAudit, type By } from './audit.ts';

const seriesWithBrand = (db: Db) => db.selectFrom('series').innerJoin('brands', 'brands.id', 'series.brand_id');

const seriesColumns = [
  'series.id',
  'series.name',
  'series.image_path',
  'series.brand_id',
  'brands.name as brand_name',
  'series.is_active',
  'series.version',
] as const;

type SeriesSelection = { id: number; name: string; image_path: string; brand_id: number; brand_name: string; is_active: number };

/** A series as its edit screen shows it: with the version a save sends back. */
export type SeriesDetail = Series & { version: number };

const toSeries = (row: SeriesSelection): Series => ({
  id: row.id,
  seriesName: row.name,
  seriesImage: row.image_path,
  seriesBrandId: row.brand_id,
  brandName: row.brand_name,
  seriesIsActive: row.is_active === 1 ? 1 : 0,
});

export async function findSeries(db: Db, id: number): Promise<SeriesDetail | undefined> {
  const row = await seriesWithBrand(db).select(seriesColumns).where('series.id', '=', id).executeTakeFirst();
  return row && { ...toSeries(row), version: row.version };
}

export function listSeries(store: Store, search: string | undefined, page: PageRequest) {
  let query = seriesWithBrand(store.db);
  if (search) {
    const pattern = likePattern(containsPattern(search));
    query = query.where((eb) => eb.or([eb('series.name_key', 'like', pattern), eb('brands.name_key', 'like', pattern)]));
  }
  return readPage(store, page, {
    counted: query,
    page: (limit, offset) =>
      query.select(seriesColumns).orderBy('brands.name_key').orderBy('series.name_key').orderBy('series.id').limit(limit).offset(offset),
    columns: seriesColumns,
    rowOf: toSeries,
  });
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

export type SeriesValues = { brandId: number; name: string; isActive: 0 | 1 };

// A name is unique within its brand (the unique key and skeleton decide); the image and the row are written
// together, so a refused name stores no picture.
const uniqueName = <T>(write: () => Promise<T>) => writeUniquely('seriesName', fieldMessages.seriesNameTaken, write);

/** What an audit entry compares: the series' own fields by their contract names (not the brand's name). */
const auditFields = (series: { name: string; image_path: string; brand_id: number; is_active: number }) => ({
  seriesName: series.name,
  seriesImage: series.image_path,
  seriesBrandId: series.brand_id,
  seriesIsActive: series.is_active,
});

/** Adds a series with its picture, and its audit entry; answers its id. */
export async function insertSeries(db: Db, by: By, series: SeriesValues & { image: ImageUpload }, now = new Date()): Promise<number> {
  return uniqueName(() =>
    inTransaction(db, async (trx) => {
      const values = {
        brand_id: series.brandId,
        name: series.name,
        image_path: await storeImage(trx, series.image, 'seriesImage', now),
        is_active: series.isActive,
      };
      const row = await trx
        .insertInto('series')
        .values({ ...values, ...nameColumns(series.name), created_at: now.toISOString(), updated_at: now.toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      const changes = diffChanges(null, auditFields(values));
      await recordAudit(trx, by, { action: 'series.create', entityId: row.id, entityName: series.name, changes }, now);
      return row.id;
    }),
  );
}

/** Rewrites a series, with its audit entry; without a new image it keeps its picture. */
export async function updateSeries(
  db: Db,
  by: By,
  id: number,
  series: SeriesValues & Expected & { image?: ImageUpload | undefined },
  now = new Date(),
) {
  await uniqueName(() =>
    auditedUpdate(
      db,
      by,
      {
        table: 'series',
        id,
        expectedVersion: series.expectedVersion,
        read: (trx) =>
          trx.selectFrom('series').select(['name', 'image_path', 'brand_id', 'is_active']).where('id', '=', id).executeTakeFirst(),
        set: async (trx) => ({
          brand_id: series.brandId,
          ...nameColumns(series.name),
          is_active: series.isActive,
          ...(series.image ? { image_path: await storeImage(trx, series.image, 'seriesImage', now) } : {}),
        }),
        audit: { action: 'series.update', name: (after) => after.name, fields: auditFields },
      },
      now,
    ),
  );
}

export async function seriesExists(db: Db, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('series').select('id').where('id', '=', id).executeTakeFirst());
}
