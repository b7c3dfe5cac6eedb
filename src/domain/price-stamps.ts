import type { AuditChanges } from '#src/contract/audit.ts';
import { CROCKFORD_BASE32, STAMP_REF_LENGTH } from '#src/contract/stamp-refs.ts';
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
export const rupeeRate = (exch: string): string => `Rs ${rateText(exch)}`;

/** A rate as people read it, to at least two decimals: '283.40' for the stored '283.4'. */
export function rateText(exch: string): string {
  const [whole, fraction = ''] = exch.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
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

/** Models written or read between two yields (in-slices.ts): a fraction of a millisecond each. */
const SLICE_MODELS = 500;

/**
 * A stamp's models as stored: one JSON text of `[id, priceCents, total, sellable]` rows, one write
 * for any number, made a slice at a time (every field is a whole number or null, so each row is
 * written as JSON directly).
 */
export function* encodeStampedModels(models: readonly StampedModel[]): Generator<void, string> {
  const slices: string[] = [];
  for (let start = 0; start < models.length; start += SLICE_MODELS) {
    const rows = models
      .slice(start, start + SLICE_MODELS)
      .map((model) => `[${model.id},${model.priceCents},${model.total},${model.sellable ? 1 : 0}]`);
    slices.push(rows.join(','));
    yield;
  }
  return `[${slices.join(',')}]`;
}

/** The stored text's models, made objects a slice at a time. */
export function* decodeStampedModels(text: string): Generator<void, StampedModel[]> {
  const rows = JSON.parse(text) as [number, number, number | null, number][];
  const models: StampedModel[] = [];
  for (const [at, [id, priceCents, total, sellable]] of rows.entries()) {
    models.push({ id, priceCents, total, sellable: sellable === 1 });
    if (at % SLICE_MODELS === SLICE_MODELS - 1) yield;
  }
  return models;
}

/** A stamp's audit entry (`stamp.create`): its ref and how many models the sheet holds. */
export const stampAuditChanges = (ref: string, modelCount: number): AuditChanges => ({
  stampRef: [null, ref],
  stampModels: [null, modelCount],
});
