import { Migrator, type Migration } from 'kysely/migration';
import { withStartupLock } from './startup-lock.ts';
import type { Connection, DatabaseKind, Db } from './types.ts';
import { initial } from './migrations/2026-11-21-initial.ts';
import { modelsListIndexes } from './migrations/2026-11-21-models-list-indexes.ts';
import { nameKeys } from './migrations/2026-11-23-name-keys.ts';
import { recordVersions } from './migrations/2026-11-23-record-versions.ts';
import { audit } from './migrations/2026-11-24-audit.ts';
import { loginThrottle } from './migrations/2026-11-24-login-throttle.ts';
import { stockNotesMinStock } from './migrations/2026-11-24-stock-notes-min-stock.ts';
import { variableHistory } from './migrations/2026-11-24-variable-history.ts';
import { modelsPriceIndex } from './migrations/2026-11-26-models-price-index.ts';
import { nameSkeletons } from './migrations/2026-11-26-name-skeletons.ts';
import { settings } from './migrations/2026-11-26-settings.ts';
import { stockAndAuditInIdOrder } from './migrations/2026-11-26-stock-and-audit-in-id-order.ts';
import { quotes } from './migrations/2026-11-27-quotes.ts';
import { importLock } from './migrations/2026-11-28-import-lock.ts';
import { stampsAndSeen } from './migrations/2026-11-29-stamps-and-seen.ts';
import { liveEvents } from './migrations/2026-11-30-live-events.ts';
import { savedViews } from './migrations/2026-11-30-saved-views.ts';
import { signInSecurity } from './migrations/2026-11-30-sign-in-security.ts';
import { oneDefaultView } from './migrations/2026-12-01-one-default-view.ts';
import { passkeys } from './migrations/2026-12-01-passkeys.ts';

/**
 * Brings the schema up to date; Kysely's migrator runs each step in a transaction under a lock,
 * and the start-up lock keeps processes starting together from creating its tables at once.
 */
export function migrate(connection: Connection): Promise<void> {
  return withStartupLock(connection, (db) => migrateNow(db, connection.kind));
}

/**
 * Every step, in the order it runs: Kysely runs migrations in the order of their names, so this
 * list is kept in that order too, and a test holds it equal to the files in migrations/. A name is
 * what the database records as run, so a step is never renamed; a new one sorts after the last.
 */
export const migrationsFor = (kind: DatabaseKind): Record<string, Migration> => ({
  '2026-11-21-initial': initial(kind),
  '2026-11-21-models-list-indexes': modelsListIndexes,
  '2026-11-23-name-keys': nameKeys(kind),
  '2026-11-23-record-versions': recordVersions,
  '2026-11-24-audit': audit(kind),
  '2026-11-24-login-throttle': loginThrottle,
  '2026-11-24-stock-notes-min-stock': stockNotesMinStock,
  '2026-11-24-variable-history': variableHistory(kind),
  '2026-11-26-models-price-index': modelsPriceIndex,
  '2026-11-26-name-skeletons': nameSkeletons,
  '2026-11-26-settings': settings,
  '2026-11-26-stock-and-audit-in-id-order': stockAndAuditInIdOrder,
  '2026-11-27-quotes': quotes(kind),
  '2026-11-28-import-lock': importLock(kind),
  '2026-11-29-stamps-and-seen': stampsAndSeen(kind),
  '2026-11-30-live-events': liveEvents,
  '2026-11-30-saved-views': savedViews(kind),
  '2026-11-30-sign-in-security': signInSecurity(kind),
  '2026-12-01-one-default-view': oneDefaultView,
  '2026-12-01-passkeys': passkeys(kind),
});

/** The name of this build's newest step: a database that has not run it lacks the schema the build expects. */
export const newestMigration = (kind: DatabaseKind): string => Object.keys(migrationsFor(kind)).at(-1)!;

async function migrateNow(db: Db, kind: DatabaseKind): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor(kind) } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
