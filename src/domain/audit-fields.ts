import type { AuditChanges, AuditValue } from '#src/contract/audit.ts';

// How the audit log names the fields an entry holds (docs/design.md §8.8): by the titles the
// screens give them (the models list's columns, the forms' labels), never by the contract's keys.

/** What a field's values are, so the log can show them as the screens do. */
/** 'note': a stock move's note, which has no before: shown as the note alone. */
export type AuditFieldKind = 'text' | 'usd' | 'status' | 'role' | 'image' | 'series' | 'brand' | 'note';

type AuditField = { title: string; kind: AuditFieldKind };

const field = (title: string, kind: AuditFieldKind = 'text'): AuditField => ({ title, kind });

/** Every field an entry may hold, by its key in the entry's changes. */
export const auditFields: Readonly<Record<string, AuditField>> = {
  brandName: field('Brand Name'),
  brandImage: field('Brand Image', 'image'),
  brandIsActive: field('Status', 'status'),
  seriesName: field('Series Name'),
  seriesImage: field('Series Image', 'image'),
  seriesBrandId: field('Brand', 'brand'),
  seriesIsActive: field('Status', 'status'),
  modelName: field('Model Name'),
  modelCapacityKW: field('Capacity-KW'),
  modelPriceUsd: field('Price USD', 'usd'),
  modelSeriesId: field('Series', 'series'),
  modelIsActive: field('Status', 'status'),
  modelMinStock: field('Minimum Stock'),
  modelQuantity: field('Quantity'),
  note: field('Note', 'note'),
  name: field('Name'),
  username: field('Username'),
  roleId: field('Role', 'role'),
  isActive: field('Status', 'status'),
  password: field('Password'),
  tr: field('TR'),
  exch: field('EXCH'),
  fare: field('FARE'),
  duties: field('DUTIES'),
  profit: field('PROFIT'),
  companyName: field('Company name'),
  companyPhone: field('Company phone'),
  companyAddress: field('Company address'),
  quoteTerms: field('Quote terms'),
  twoFactorRequiredLevel: field('Two-factor sign-in required for'),
  customerName: field('Customer name'),
  customerPhone: field('Customer phone'),
  quoteNote: field('Note'),
  validUntil: field('Valid until'),
  quoteStatus: field('Status'),
  quoteLines: field('Models'),
  lostReason: field('Reason lost'),
  lostNote: field('Reason note'),
  belowCost: field('Priced below Cost'),
  revisedFrom: field('Revised from'),
  stockOut: field('Taken out of stock'),
  stampRef: field('Ref'),
  stampModels: field('Models on the sheet'),
  viewName: field('Name'),
  viewSearch: field('Search'),
  viewColumns: field('Columns'),
  viewShared: field('Shared'),
  viewDefault: field('Default'),
};

/** A key no table names yet (an entry of an older release) is shown as it was written. */
export const auditFieldOf = (key: string): AuditField => auditFields[key] ?? field(key);

/** The records whose ids an entry may hold in place of a name. */
export type AuditReference = Extract<AuditFieldKind, 'series' | 'brand'>;

/**
 * The ids of series and brands the entries' changes name, each kind once: the audit answer looks
 * their names up when it is read, so entries written before names were shown read the same.
 */
export function referencedIds(changesOfEntries: readonly AuditChanges[]): Record<AuditReference, number[]> {
  const ids = { series: new Set<number>(), brand: new Set<number>() };
  for (const changes of changesOfEntries)
    for (const [key, values] of Object.entries(changes)) {
      const { kind } = auditFieldOf(key);
      if (kind !== 'series' && kind !== 'brand') continue;
      for (const value of values) if (typeof value === 'number') ids[kind].add(value);
    }
  return { series: [...ids.series], brand: [...ids.brand] };
}

/** Looks up a series' or brand's current name by id; undefined when there is none. */
export type ReferenceName = (kind: AuditReference, id: number) => string | undefined;

/** An entry's `names`: for each field holding ids, the names of its old and new record (null where none). */
export function namesOf(changes: AuditChanges, nameOf: ReferenceName): Record<string, [string | null, string | null]> {
  const names: Record<string, [string | null, string | null]> = {};
  const name = (kind: AuditReference, value: AuditValue) => (typeof value === 'number' ? (nameOf(kind, value) ?? null) : null);
  for (const [key, [before, after]] of Object.entries(changes)) {
    const { kind } = auditFieldOf(key);
    if (kind === 'series' || kind === 'brand') names[key] = [name(kind, before), name(kind, after)];
  }
  return names;
}
