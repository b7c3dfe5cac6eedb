import type { Db } from '#server/db/connect.ts';
import { UNAUDITED } from '#server/repositories/audit.ts';
import { insertBrand } from '#server/repositories/brands.ts';
import { insertModels } from '#server/repositories/models.ts';
import { insertSeries } from '#server/repositories/series.ts';
import { insertStockHistory } from '#server/repositories/stock.ts';
import { insertUser } from '#server/repositories/users.ts';
import { nameKey } from '#src/domain/names.ts';
import { brandLogo, seriesImage } from './artwork.ts';
import { USERS } from './catalogue.ts';
import type { PlannedBrand, PlannedModel } from './plan.ts';

// Writes the planned rows through the repositories, so demo rows obey the same rules (keys,
// timestamps, the quantity as the log's sum) as rows written through the app. Nobody made them
// through a call, so the catalogue leaves no audit entries (README); the demo's quotes do
// (write-quotes.ts), being made as their salespeople.

/** Inserts the demo users, all with the one hash given; answers their ids by username. */
export async function writeUsers(db: Db, passwordHash: string, createdAt: Date): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const user of USERS) {
    const id = await insertUser(
      db,
      UNAUDITED,
      { name: user.name, username: user.username, passwordHash, roleId: user.roleId, isActive: user.active ? 1 : 0 },
      createdAt,
    );
    ids.set(user.username, id);
  }
  return ids;
}

export async function writeCatalogue(db: Db, brands: PlannedBrand[], userIds: Map<string, number>, createdAt: Date): Promise<void> {
  const models: { seriesId: number; model: PlannedModel }[] = [];

  for (const brand of brands) {
    const brandId = await insertBrand(
      db,
      UNAUDITED,
      { name: brand.name, image: { filename: 'logo.png', bytes: brandLogo(brand.colour) }, isActive: 1 },
      createdAt,
    );
    for (const [index, series] of brand.series.entries()) {
      const seriesId = await insertSeries(
        db,
        UNAUDITED,
        {
          brandId,
          name: series.name,
          image: { filename: 'series.png', bytes: seriesImage(brand.colour, index) },
          isActive: series.active ? 1 : 0,
        },
        createdAt,
      );
      for (const model of series.models) models.push({ seriesId, model });
    }
  }

  await insertModels(
    db,
    UNAUDITED,
    models.map(({ seriesId, model }) => ({
      seriesId,
      name: model.name,
      capacityKw: model.capacityKw,
      priceUsd: model.priceUsd,
      isActive: model.active ? 1 : 0,
      minStock: model.minStock,
      createdAt: model.createdAt,
      updatedAt: model.updatedAt,
    })),
  );

  // Ids by (series, name), the table's unique key: no reliance on the order rows are written in.
  const modelRows = await db.selectFrom('models').select(['id', 'series_id', 'name_key']).execute();
  const modelIds = new Map(modelRows.map((row) => [`${row.series_id}/${row.name_key}`, row.id]));
  const moves = models.flatMap(({ seriesId, model }) =>
    model.logs.map((log) => ({
      modelId: modelIds.get(`${seriesId}/${nameKey(model.name)}`)!,
      userId: userIds.get(log.username)!,
      quantity: log.quantity,
      createdAt: log.at,
    })),
  );
  // Oldest first, so log ids grow with time as they do when stock is added through the app.
  moves.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  await insertStockHistory(db, moves);
}
