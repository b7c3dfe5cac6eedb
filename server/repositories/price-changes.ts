import type { ChangeScreen, Changes, VariableChangeRow } from '#src/contract/changes.ts';
import type { AuditChanges } from '#src/contract/audit.ts';
import type { VariableName, Variables } from '#src/contract/variables.ts';
import { modelTotals } from '#src/domain/model-figures.ts';
import {
  changedModels,
  priceChangeActions,
  priceChangeOf,
  pricesAt,
  variablesAt,
  variablesSeenBy,
  type PriceChange,
} from '#src/domain/price-changes.ts';
import type { SessionUser } from '#src/domain/roles.ts';
import { seesUnsellable } from '#src/domain/sellable.ts';
import type { Db, Store } from '#server/db/connect.ts';
import { allMatchingPrices, pricesOfModels, type PricedModel } from './models-list.ts';
import { readRowsInSlices } from './read-page.ts';
import { usdFromCents } from './model-units.ts';

// Since your last visit (docs/design.md §8.2): when each user last marked a screen seen, and what
// moved after it. The variables and prices at that time are worked back from today's through the
// pricing history and the models' audit entries (src/domain/price-changes.ts), so nothing is kept
// per visit but its time.

export type SeenMark = { userId: number; screen: ChangeScreen };

export async function readSeenMark(db: Db, { userId, screen }: SeenMark): Promise<string | undefined> {
  const row = await db
    .selectFrom('seen_marks')
    .select('seen_at')
    .where('user_id', '=', userId)
    .where('screen', '=', screen)
    .executeTakeFirst();
  return row?.seen_at;
}

/** A first visit starts the clock; two first visits at once keep whichever came first. */
export async function startSeenMark(db: Db, { userId, screen }: SeenMark, at: string): Promise<void> {
  await db
    .insertInto('seen_marks')
    .values({ user_id: userId, screen, seen_at: at })
    .onConflict((conflict) => conflict.columns(['user_id', 'screen']).doNothing())
    .execute();
}

/** Marks the screen seen now: a reading bookmark, so no audit entry (like sign-ins, kept out of the log). */
export async function markSeen(db: Db, { userId, screen }: SeenMark, at: string): Promise<void> {
  await db
    .insertInto('seen_marks')
    .values({ user_id: userId, screen, seen_at: at })
    .onConflict((conflict) => conflict.columns(['user_id', 'screen']).doUpdateSet({ seen_at: at }))
    .execute();
}

/** Every change of the variables after `since`, oldest first (in the order the writes took effect). */
async function variableChangesAfter(db: Db, since: string): Promise<VariableChangeRow[]> {
  const rows = await db
    .selectFrom('variable_history')
    .select(['variable', 'old_value', 'new_value', 'created_at'])
    .where('created_at', '>', since)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    variable: row.variable as VariableName,
    oldValue: row.old_value,
    newValue: row.new_value,
    createdAt: row.created_at,
  }));
}

/**
 * Each model's first price change after `since` (the earliest to take effect: ids are in commit
 * order), from the entries of the writes that set a price. Only the first of each model tells its
 * price then, so the database picks them: for each model, an index range of its own entries from the
 * first one after `since` (the entity index), however many entries of other models came since. They
 * are read and parsed a slice at a time.
 */
async function firstPriceChangesAfter(store: Store, since: string): Promise<(PriceChange | null)[]> {
  const { db } = store;
  const first = await db
    .selectFrom('audit_log')
    .select('id')
    .where('created_at', '>', since)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (first === undefined) return [];
  const firstIds = db.selectFrom('models').select((eb) =>
    eb
      .selectFrom('audit_log')
      .select((inner) => inner.fn.min('audit_log.id').as('first_id'))
      .where('audit_log.entity_type', '=', 'model')
      .whereRef('audit_log.entity_id', '=', 'models.id')
      .where('audit_log.id', '>=', first.id)
      .where('audit_log.action', 'in', priceChangeActions)
      .where('audit_log.changes', 'like', '%"modelPriceUsd"%')
      .as('first_id'),
  );
  const entries = db
    .selectFrom('audit_log')
    .select(['audit_log.entity_id', 'audit_log.changes', 'audit_log.created_at'])
    .where('audit_log.id', 'in', firstIds);
  return readRowsInSlices(store, entries, Number.MAX_SAFE_INTEGER, {
    rowOfValues: ([entityId, changes, createdAt]) =>
      priceChangeOf({
        entityId: entityId === null ? null : Number(entityId),
        changes: JSON.parse(String(changes)) as AuditChanges,
        createdAt: String(createdAt),
      }),
  });
}

/**
 * What moved on the screen since `since`: the variables the user sees change, and the models their
 * list shows (Sales: only what can be sold) made by then whose Total moved. When no variable moved,
 * only a model whose price moved can have a new Total, and only those are read and worked out:
 * the day's few price edits, not the catalogue.
 */
export async function changesSince(store: Store, user: SessionUser, since: string, today: Variables): Promise<Changes> {
  const variableChanges = await variableChangesAfter(store.db, since);
  const priceChanges = pricesAt((await firstPriceChangesAfter(store, since)).filter((change) => change !== null));
  const totalNow = modelTotals(today);
  const totalThen = modelTotals(variablesAt(today, variableChanges));
  const scope = { sellableOnly: !seesUnsellable(user), madeBy: since };
  const totalsOf = ({ id, priceCents }: PricedModel) => {
    const usdNow = usdFromCents(priceCents);
    const then = priceChanges.get(id);
    const usdThen = then === undefined ? usdNow : then.priceUsd;
    return { id, previousTotal: usdThen === null ? null : totalThen(usdThen), total: totalNow(usdNow) };
  };
  const models =
    variableChanges.length > 0
      ? await allMatchingPrices(store, { filters: {}, scope }, totalsOf)
      : await pricesOfModels(store, [...priceChanges.keys()], totalsOf, scope);
  const seen = variablesSeenBy(user);
  return { since, variables: variableChanges.filter((change) => seen.includes(change.variable)), models: changedModels(models) };
}
