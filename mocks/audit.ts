import type { AuditAction, AuditChanges } from '#src/contract/audit.ts';
import type { Settings } from '#src/contract/settings.ts';
import { variableNames, type Variables } from '#src/contract/variables.ts';
import { diffChanges, entityTypeOf, type AuditFields } from '#src/domain/audit.ts';
import { nextId } from './store.ts';
import type { MockBrand, MockModel, MockSeries, MockStore, MockUser, StoredAuditEntry } from './store-shape.ts';

// The mocks' audit log: the entries the server writes (server/repositories/audit.ts), appended by
// each mock write after its checks passed, so a refused write leaves none, as on the server.

export type AuditRecord = { action: AuditAction; entityId: number | null; entityName: string; changes: AuditChanges };

export function recordAudit(store: MockStore, by: { id: number; name: string }, entry: AuditRecord): void {
  store.auditLog.push({
    id: nextId(store.auditLog),
    userId: by.id,
    userName: by.name,
    entityType: entityTypeOf(entry.action),
    ...entry,
    createdAt: new Date().toISOString(),
  } satisfies StoredAuditEntry);
}

// A record with no `name` of its own (a quote: its label) says what its entry names it.
type EntryName<R> = R extends { name: string } ? { name?: (record: R) => string } : { name: (record: R) => string };

/** A new record joins its list with its create entry: every field it has, from null. */
export function auditedInsert<R extends { id: number }>(
  store: MockStore,
  by: { id: number; name: string },
  rows: R[],
  row: R,
  audit: { action: AuditAction; fields: (record: R) => AuditFields; secret?: AuditChanges } & EntryName<R>,
): void {
  rows.push(row);
  const changes = { ...diffChanges(null, audit.fields(row)), ...audit.secret };
  const entityName = audit.name ? audit.name(row) : (row as R & { name: string }).name;
  recordAudit(store, by, { action: audit.action, entityId: row.id, entityName, changes });
}

// Each record's fields by the contract's names, as the server's repositories compare them.
export const brandFields = (row: Pick<MockBrand, 'name' | 'image' | 'isActive'>) => ({
  brandName: row.name,
  brandImage: row.image,
  brandIsActive: row.isActive,
});
export const seriesFields = (row: Pick<MockSeries, 'name' | 'image' | 'brandId' | 'isActive'>) => ({
  seriesName: row.name,
  seriesImage: row.image,
  seriesBrandId: row.brandId,
  seriesIsActive: row.isActive,
});
export const modelFields = (row: Pick<MockModel, 'name' | 'capacityKw' | 'priceUsd' | 'seriesId' | 'isActive' | 'minStock'>) => ({
  modelName: row.name,
  modelCapacityKW: row.capacityKw,
  modelPriceUsd: row.priceUsd,
  modelSeriesId: row.seriesId,
  modelIsActive: row.isActive,
  modelMinStock: row.minStock ?? 0,
});
export const userFields = (row: Pick<MockUser, 'name' | 'username' | 'roleId' | 'isActive'>) => ({
  name: row.name,
  username: row.username,
  roleId: row.roleId,
  isActive: row.isActive,
});
export const variableFields = (row: Variables) => Object.fromEntries(variableNames.map((name) => [name, row[name]]));

export const settingsFields = ({ companyName, companyAddress, companyPhone, quoteTerms, twoFactorRequiredLevel }: Settings) => ({
  companyName,
  companyAddress,
  companyPhone,
  quoteTerms,
  twoFactorRequiredLevel,
});
