import type { Db } from '#server/db/connect.ts';
import { storeImage } from '#server/repositories/images.ts';
import { nameKey } from '#src/domain/names.ts';
import { QUANTITY_ADDED } from '#server/repositories/stock.ts';
import { brandLogo, seriesImage } from './artwork.ts';
import { USERS } from './catalogue.ts';
import type { PlannedBrand, PlannedModel } from './plan.ts';

// Writes the planned rows. Models and logs go in multi-row INSERTs of CHUNK rows: hundreds of
// single-row statements would make the seed slow on PostgreSQL, and 200 rows stay well under
// both databases' bound-parameter limits.

const CHUNK = 200;

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) await insert(rows.slice(start, start + CHUNK));
}

/** Inserts the demo users, all with the one hash given; answers their ids by username. */
export async function writeUsers(db: Db, passwordHash: string, createdAt: string): Promise<Map<string, number>> {
  await db
    .insertInto('users')
    .values(
      USERS.map((user) => ({
        name: user.name,
        name_key: nameKey(user.name),
        username: user.username,
        username_key: nameKey(user.username),
        password_hash: passwordHash,
        role_id: user.roleId,
        is_active: user.active ? 1 : 0,
        created_at: createdAt,
        updated_at: createdAt,
      })),
    )
    .execute();
  const rows = await db.selectFrom('users').select(['id', 'username']).execute();
  return new Map(rows.map((row) => [row.username, row.id]));
}

export async function writeCatalogue(db: Db, brands: PlannedBrand[], userIds: Map<string, number>, createdAt: Date): Promise<void> {
  const at = createdAt.toISOString();
  const models: { seriesId: number; model: PlannedModel }[] = [];

  for (const brand of brands) {
    const brandRow = await db
      .insertInto('brands')
      .values({
        name: brand.name,
        name_key: nameKey(brand.name),
        image_path: await storeImage(db, { filename: 'logo.png', bytes: brandLogo(brand.colour) }, 'brandImage', createdAt),
        is_active: 1,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [index, series] of brand.series.entries()) {
      const seriesRow = await db
        .insertInto('series')
        .values({
          brand_id: brandRow.id,
          name: series.name,
          name_key: nameKey(series.name),
          image_path: await storeImage(db, { filename: 'series.png', bytes: seriesImage(brand.colour, index) }, 'seriesImage', createdAt),
          is_active: series.active ? 1 : 0,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const model of series.models) models.push({ seriesId: seriesRow.id, model });
    }
  }

  await insertInChunks(models, (chunk) =>
    db
      .insertInto('models')
      .values(
        chunk.map(({ seriesId, model }) => ({
          series_id: seriesId,
          name: model.name,
          name_key: nameKey(model.name),
          capacity_milli_kw: model.capacityMilliKw,
          price_cents: model.priceCents,
          // Set with its log rows in the same transaction: quantity is the sum of the log.
          quantity: model.quantity,
          is_active: model.active ? 1 : 0,
          created_at: model.createdAt,
          updated_at: model.updatedAt,
        })),
      )
      .execute(),
  );

  // Ids by (series, name), the table's unique key: no reliance on the order RETURNING answers in.
  const modelRows = await db.selectFrom('models').select(['id', 'series_id', 'name_key']).execute();
  const modelIds = new Map(modelRows.map((row) => [`${row.series_id}/${row.name_key}`, row.id]));
  const logs = models.flatMap(({ seriesId, model }) =>
    model.logs.map((log) => ({
      model_id: modelIds.get(`${seriesId}/${nameKey(model.name)}`)!,
      user_id: userIds.get(log.username)!,
      quantity: log.quantity,
      quantity_type: QUANTITY_ADDED,
      created_at: log.at,
    })),
  );
  // Oldest first, so log ids grow with time as they do when stock is added through the app.
  logs.sort((a, b) => a.created_at.localeCompare(b.created_at));
  await insertInChunks(logs, (chunk) => db.insertInto('stock_logs').values(chunk).execute());
}
