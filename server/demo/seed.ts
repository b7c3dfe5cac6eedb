import { hashPassword } from '#server/auth/passwords.ts';
import { readConfig, type Business } from '#server/config.ts';
import type { Connection, Db } from '#server/db/connect.ts';
import { migrate } from '#server/db/migrate.ts';
import { UNAUDITED } from '#server/repositories/audit.ts';
import { writeVariables } from '#server/repositories/variables.ts';
import { recordVariableChanges } from '#server/repositories/variable-history.ts';
import { roleName, type RoleName } from '#src/domain/roles.ts';
import { EXCH_HISTORY, USERS, VARIABLES } from './catalogue.ts';
import { planCatalogue } from './plan.ts';
import { createRandom } from './random.ts';
import { clearTables, countExistingUsers } from './reset.ts';
import { writeCatalogue, writeUsers } from './write-catalogue.ts';
import { writeQuotes } from './write-quotes.ts';

export type SeedOptions = {
  password: string;
  /** Replace the contents of a database that already has users instead of refusing. */
  reset?: boolean;
  seed?: number;
  /** The clock the stock dates count back from; fixed in tests for repeatable rows. */
  now?: Date;
  /** The business day and share-link key the quotes are made under; the environment's by default. */
  business?: Business;
};

export type SeedSummary = {
  users: { username: string; name: string; role: RoleName; active: boolean }[];
  counts: {
    brands: number;
    series: number;
    models: number;
    inactiveModels: number;
    modelsWithoutCapacity: number;
    stockLogs: number;
    unitsInStock: number;
    images: number;
    quotes: number;
  };
};

/** Thrown when the target already holds users and no reset was asked for. */
export class DemoRefusedError extends Error {}

export const DEFAULT_SEED = 20_261_121;
const DAY = 86_400_000;

/**
 * Fills a database with the demo catalogue: migrates it, then writes everything in one
 * transaction, so a failure leaves the database as it was.
 */
export async function seedDemo(connection: Connection, options: SeedOptions): Promise<SeedSummary> {
  const { db, kind } = connection;
  // The same rule as a new user's password, so every demo account can sign in.
  if (options.password.length < 8) throw new Error('The demo password must be at least 8 characters.');
  await refuseIfUsed(db, options.reset);
  await migrate(connection);

  const now = options.now ?? new Date();
  const plan = planCatalogue(createRandom(options.seed ?? DEFAULT_SEED), now);
  // One scrypt hash for every account (it takes a noticeable fraction of a second), and taken
  // before the transaction so SQLite's write lock is not held meanwhile.
  const passwordHash = await hashPassword(options.password);
  const createdAt = new Date(now.getTime() - 150 * DAY);

  return db.transaction().execute(async (trx) => {
    // Checked again inside the transaction: another process may have written since.
    if (options.reset) await clearTables(trx, kind);
    else await refuseIfUsed(trx, false);
    const userIds = await writeUsers(trx, passwordHash, new Date(createdAt.getTime() - 10 * DAY));
    await writeCatalogue(trx, plan, userIds, createdAt);
    await writeVariables(trx, UNAUDITED, VARIABLES, {}, now);
    await writeExchHistory(trx, userIds, now);
    // Their own random stream, so the catalogue stays what this seed always made.
    await writeQuotes(trx, createRandom((options.seed ?? DEFAULT_SEED) + 1), options.business ?? readConfig().business, now);
    return {
      users: USERS.map((user) => ({ username: user.username, name: user.name, role: roleName(user.roleId), active: user.active })),
      counts: await countRows(trx),
    };
  });
}

/** The rate's past (EXCH_HISTORY) as history rows, each change by its manager on its day. */
async function writeExchHistory(db: Db, userIds: Map<string, number>, now: Date) {
  let oldValue: string = EXCH_HISTORY.from;
  for (const step of EXCH_HISTORY.steps) {
    const at = new Date(now.getTime() - step.daysAgo * DAY).toISOString();
    await recordVariableChanges(db, [{ variable: 'exch', oldValue, newValue: step.exch }], userIds.get(step.username)!, at);
    oldValue = step.exch;
  }
}

async function refuseIfUsed(db: Db, reset: boolean | undefined) {
  const users = await countExistingUsers(db);
  if (users > 0 && !reset) throw new DemoRefusedError(`The database already has ${users} user(s); pass --reset to replace its contents.`);
}

/** Counts read back from the database, so the printed summary is what was written. */
async function countRows(db: Db): Promise<SeedSummary['counts']> {
  const count = async (query: { executeTakeFirstOrThrow(): Promise<{ count: number | string | bigint }> }) =>
    Number((await query.executeTakeFirstOrThrow()).count);
  const models = db.selectFrom('models').select((eb) => eb.fn.countAll<number>().as('count'));
  const units = await db
    .selectFrom('models')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('quantity'), eb.lit(0)).as('units'))
    .executeTakeFirstOrThrow();
  return {
    brands: await count(db.selectFrom('brands').select((eb) => eb.fn.countAll<number>().as('count'))),
    series: await count(db.selectFrom('series').select((eb) => eb.fn.countAll<number>().as('count'))),
    models: await count(models),
    inactiveModels: await count(models.where('is_active', '=', 0)),
    modelsWithoutCapacity: await count(models.where('capacity_milli_kw', 'is', null)),
    stockLogs: await count(db.selectFrom('stock_logs').select((eb) => eb.fn.countAll<number>().as('count'))),
    unitsInStock: Number(units.units),
    images: await count(db.selectFrom('images').select((eb) => eb.fn.countAll<number>().as('count'))),
    quotes: await count(db.selectFrom('quotes').select((eb) => eb.fn.countAll<number>().as('count'))),
  };
}
