import { sql } from 'kysely';
import { hashPassword } from '#server/auth/passwords.ts';
import type { Connection } from '#server/db/connect.ts';
import { migrate } from '#server/db/migrate.ts';
import { VARIABLES } from '#server/demo/catalogue.ts';
import type { PlannedBrand } from '#server/demo/plan.ts';
import { createRandom } from '#server/demo/random.ts';
import { writeCatalogue, writeUsers } from '#server/demo/write-catalogue.ts';
import { UNAUDITED } from '#server/repositories/audit.ts';
import { writeVariables } from '#server/repositories/variables.ts';

// The benchmark's catalogue: the demo's writer over a plan of the size issue 6 names (20 brands,
// 200 series, 10,000 models), with the demo's users, so the bench signs in as its admin.

export const CATALOGUE = { brands: 20, seriesPerBrand: 10, modelsPerSeries: 50 };
export const BENCH_USER = 'admin';

function plan(): PlannedBrand[] {
  const random = createRandom(6);
  const at = new Date().toISOString();
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return Array.from({ length: CATALOGUE.brands }, (_, b) => ({
    name: `Brand ${pad(b + 1, 2)}`,
    colour: `#${random.int(0, 0xffffff).toString(16).padStart(6, '0')}`,
    series: Array.from({ length: CATALOGUE.seriesPerBrand }, (_, s) => ({
      name: `Series ${pad(b + 1, 2)}-${pad(s + 1, 2)}`,
      active: true,
      models: Array.from({ length: CATALOGUE.modelsPerSeries }, (_, m) => ({
        name: `M${pad(b + 1, 2)}${pad(s + 1, 2)}-${pad(m + 1, 3)}`,
        capacityKw: random.chance(1 / 8) ? null : random.int(2_000, 15_000) / 1000,
        priceUsd: random.int(250_00, 2500_00) / 100,
        active: !random.chance(0.08),
        minStock: 0,
        createdAt: at,
        updatedAt: at,
        logs: [],
      })),
    })),
  }));
}

/** Migrates an empty database and fills it; answers the number of models written. */
export async function seedBench(connection: Connection, password: string): Promise<number> {
  await migrate(connection);
  const passwordHash = await hashPassword(password);
  const now = new Date();
  const brands = plan();
  await connection.db.transaction().execute(async (trx) => {
    const userIds = await writeUsers(trx, passwordHash, now);
    await writeCatalogue(trx, brands, userIds, now);
    await writeVariables(trx, UNAUDITED, VARIABLES, {}, now);
  });
  // A live PostgreSQL has statistics from autovacuum; a database filled a second ago has none yet.
  if (connection.kind === 'postgres') await sql`analyze`.execute(connection.db);
  return brands.reduce((sum, brand) => sum + brand.series.reduce((n, series) => n + series.models.length, 0), 0);
}
