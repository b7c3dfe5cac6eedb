import type { Selectable } from 'kysely';
import type { Settings, TwoFactorLevel } from '#src/contract/settings.ts';
import { SETTINGS_ENTITY_NAME } from '#src/domain/audit.ts';
import type { Db } from '#server/db/connect.ts';
import type { SettingsTable } from '#server/db/schema.ts';
import type { By } from './audit.ts';
import { auditedUpdate, type Expected } from './versions.ts';

// The settings row (docs/design.md §8): id 1, made by its migration, only ever updated.

type SettingsRow = Selectable<SettingsTable>;

const toSettings = (row: SettingsRow): Settings => ({
  companyName: row.company_name,
  companyAddress: row.company_address,
  companyPhone: row.company_phone,
  quoteTerms: row.quote_terms,
  twoFactorRequiredLevel: row.two_factor_required_level as TwoFactorLevel,
});

const findSettings = (db: Db): Promise<SettingsRow> => db.selectFrom('settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();

export async function readSettings(db: Db): Promise<Settings & { version: number }> {
  const row = await findSettings(db);
  return { ...toSettings(row), version: row.version };
}

// Only the columns of the fields sent: a field left out keeps its value, and stays out of the entry.
function columnsOf(values: Partial<Settings>): Partial<SettingsRow> {
  const columns: Partial<SettingsRow> = {
    company_name: values.companyName,
    company_address: values.companyAddress,
    company_phone: values.companyPhone,
    quote_terms: values.quoteTerms,
    two_factor_required_level: values.twoFactorRequiredLevel,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

/** Writes the given settings with their `settings.update` entry, in one transaction (auditedUpdate). */
export async function writeSettings(db: Db, by: By, values: Partial<Settings>, write: Expected, now = new Date()): Promise<void> {
  await auditedUpdate(
    db,
    by,
    {
      table: 'settings',
      id: 1,
      expectedVersion: write.expectedVersion,
      read: findSettings,
      set: () => columnsOf(values),
      // A save that changes nothing still logs its action, with changes {} (docs/design.md §7.2).
      audit: { action: 'settings.update', entityId: null, name: () => SETTINGS_ENTITY_NAME, fields: toSettings },
    },
    now,
  );
}
