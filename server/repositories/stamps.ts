import { randomBytes } from 'node:crypto';
import type { Variables } from '#src/contract/variables.ts';
import { modelTotals } from '#src/domain/model-figures.ts';
import {
  decodeStampedModels,
  encodeStampedModels,
  stampAuditChanges,
  stampRefOf,
  type ModelNow,
  type StampedModel,
} from '#src/domain/price-stamps.ts';
import { turnByTurn } from '#src/domain/in-slices.ts';
import type { Db, Store } from '#server/db/connect.ts';
import { recordAudit, type Actor } from './audit.ts';
import { allMatchingPrices, pricesOfModels, type ModelsAsked, type PricedModel } from './models-list.ts';
import { usdFromCents } from './model-units.ts';
import { isUniqueViolation } from './unique.ts';
import { inTransaction } from './transaction.ts';

// Price sheet stamps (docs/design.md §8.2): what a printed sheet showed, kept by value in one row,
// and what its models are now, for its public link to compare.

/** A model's Total at these variables, from its price in cents. */
function totalsAt(variables: Variables) {
  const totalOf = modelTotals(variables);
  return (model: PricedModel) => totalOf(usdFromCents(model.priceCents));
}

/** Every model the sheet shows (the list's filters, scope and order) as a stamp records it, at today's variables. */
export function modelsToStamp(store: Store, ask: ModelsAsked, variables: Variables): Promise<StampedModel[]> {
  const totalOf = totalsAt(variables);
  return allMatchingPrices(store, ask, (model) => ({ ...model, total: totalOf(model) }));
}

export type StampRecord = { ref: string; createdAt: string; exch: string; models: string };

/**
 * A random ref is 40 bits: two stamps meet on one only by a chance in a trillion or so, and then
 * the unique index refuses the second, which tries a new ref. More than a few refusals in a row is
 * no chance: something else is wrong, and the error says so.
 */
const REF_ATTEMPTS = 3;

/**
 * Records a stamp and its `stamp.create` entry in one transaction, the models in one INSERT whatever
 * their number. The models' text is made before the transaction, so no lock waits on it.
 */
export async function createStamp(db: Db, by: Actor, variables: Variables, models: readonly StampedModel[], now = new Date()) {
  const text = await turnByTurn(encodeStampedModels(models));
  const createdAt = now.toISOString();
  for (let attempt = 1; ; attempt++) {
    const ref = stampRefOf(randomBytes(8));
    try {
      return await inTransaction(db, async (trx) => {
        const { id } = await trx
          .insertInto('stamps')
          .values({
            ref,
            user_id: by.id,
            created_at: createdAt,
            tr: variables.tr,
            exch: variables.exch,
            fare: variables.fare,
            duties: variables.duties,
            profit: variables.profit,
            models: text,
            model_count: models.length,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordAudit(
          trx,
          by,
          { action: 'stamp.create', entityId: id, entityName: ref, changes: stampAuditChanges(ref, models.length) },
          now,
        );
        return { ref, createdAt, exch: variables.exch };
      });
    } catch (error) {
      if (attempt >= REF_ATTEMPTS || !isUniqueViolation(error)) throw error;
    }
  }
}

/** The stamp of a ref as issued (upper case), if any. */
export function findStamp(db: Db, ref: string): Promise<StampRecord | undefined> {
  return db.selectFrom('stamps').select(['ref', 'created_at as createdAt', 'exch', 'models']).where('ref', '=', ref).executeTakeFirst();
}

/**
 * The stamp's models as they are now, with their Totals at today's variables; a model no longer
 * there is missing from the map.
 */
export async function stampedModelsNow(store: Store, stampedText: string, variables: Variables) {
  const stamped = await turnByTurn(decodeStampedModels(stampedText));
  const totalOf = totalsAt(variables);
  const rows = await pricesOfModels(
    store,
    stamped.map((model) => model.id),
    (model) => [model.id, { ...model, total: totalOf(model) }] as const,
  );
  return { stamped, now: new Map<number, ModelNow>(rows) };
}
