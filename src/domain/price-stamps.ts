import type { AuditChanges } from '#src/contract/audit.ts';
import { CROCKFORD_BASE32, STAMP_REF_LENGTH } from '#src/contract/stamps.ts';
import { formatBusinessDay, formatBusinessTime } from './business-time.ts';

// A price sheet's stamp (docs/design.md §8.2), the same on the server and in the mocks: its ref,
// its line, and whether it still holds, decided by value.

/** A ref from random bytes (one per character; 256 is a multiple of 32, so each is as likely). */
export function stampRefOf(random: Uint8Array): string {
  if (random.length < STAMP_REF_LENGTH) throw new Error(`A stamp ref needs ${STAMP_REF_LENGTH} random bytes.`);
  let ref = '';
  for (let i = 0; i < STAMP_REF_LENGTH; i += 1) ref += CROCKFORD_BASE32[random[i]! % 32];
  return ref;
}

/** '281.15' as documents write a rate: 'Rs 281.15', at least two decimals, never fewer than stored. */
export function rupeeRate(exch: string): string {
  const [whole, fraction = ''] = exch.split('.');
  return `Rs ${whole}.${fraction.padEnd(2, '0')}`;
}

/** '26 Nov 2026, 14:05' in the business time zone. */
export const stampInstant = (at: Date | string, timeZone: string) =>
  `${formatBusinessDay(at, timeZone)}, ${formatBusinessTime(at, timeZone)}`;

/** 'Prices as of 26 Nov 2026, 14:05 · 1 USD = Rs 281.15 · Ref 8F3KQ2MX' */
export const stampLine = (stamp: { createdAt: string; exch: string; ref: string }, timeZone: string) =>
  `Prices as of ${stampInstant(stamp.createdAt, timeZone)} · 1 USD = ${rupeeRate(stamp.exch)} · Ref ${stamp.ref}`;

/** A model as a stamp records it: its price in cents, its Total, and whether it could be sold then. */
export type StampedModel = { id: number; priceCents: number; total: number | null; sellable: boolean };
/** A model as it is now, with its Total at today's variables. */
export type ModelNow = { priceCents: number; total: number | null; sellable: boolean };

/**
 * Whether a stamp's prices still hold: every model it names still there, still sellable if it was,
 * at the same Price USD and Total. By value: a change that leaves these as they were (TR, a price
 * changed and changed back, another model) leaves the sheet current.
 */
export function stampHolds(stamped: readonly StampedModel[], now: ReadonlyMap<number, ModelNow>): boolean {
  return stamped.every((model) => {
    const current = now.get(model.id);
    if (current === undefined) return false;
    if (model.sellable && !current.sellable) return false;
    return current.priceCents === model.priceCents && current.total === model.total;
  });
}

/** A stamp's models as stored: one JSON text of `[id, priceCents, total, sellable]` rows, one write for any number. */
export const encodeStampedModels = (models: readonly StampedModel[]) =>
  JSON.stringify(models.map((model) => [model.id, model.priceCents, model.total, model.sellable ? 1 : 0]));

export function decodeStampedModels(text: string): StampedModel[] {
  return (JSON.parse(text) as [number, number, number | null, number][]).map(([id, priceCents, total, sellable]) => ({
    id,
    priceCents,
    total,
    sellable: sellable === 1,
  }));
}

/** A stamp's audit entry (`stamp.create`): its ref and how many models the sheet holds. */
export const stampAuditChanges = (ref: string, modelCount: number): AuditChanges => ({
  stampRef: [null, ref],
  stampModels: [null, modelCount],
});
