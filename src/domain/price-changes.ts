import type { AuditAction, AuditChanges } from '#src/contract/audit.ts';
import type { ChangedModel, Changes, VariableChangeRow } from '#src/contract/changes.ts';
import { MAX_CHANGED_MODELS } from '#src/contract/change-screens.ts';
import type { VariableName, Variables } from '#src/contract/variables.ts';
import { variableNames } from '#src/contract/variable-names.ts';
import { mayAccess } from './access.ts';
import { formatBusinessDay } from './business-time.ts';
import { exchChange } from './exch-change.ts';
import { formatLakh } from './format.ts';
import { rupeeRate } from './price-stamps.ts';
import type { SessionUser } from './roles.ts';
import { modelsListAccess } from './screens.ts';

// Since your last visit (docs/design.md §8.2), the same on the server and in the mocks: the
// variables and prices as they were at `since`, worked back from today's through the changes
// made after it, and what the user is told of the difference.

/** The variables a role sees change: all five for those who price in the app, else TR and EXCH (§8.9). */
export function variablesSeenBy(user: SessionUser): readonly VariableName[] {
  return mayAccess(user, modelsListAccess.pricing) ? variableNames : ['tr', 'exch'];
}

/**
 * The variables at `since`, from today's and the history rows after it (any order): each changed
 * variable had its earliest change's old value then.
 */
export function variablesAt(now: Variables, changesAfter: readonly VariableChangeRow[]): Variables {
  const then = { ...now };
  const earliest = new Map<VariableName, VariableChangeRow>();
  for (const change of changesAfter) {
    const known = earliest.get(change.variable);
    if (!known || change.createdAt < known.createdAt) earliest.set(change.variable, change);
  }
  for (const [variable, change] of earliest) then[variable] = change.oldValue;
  return then;
}

/** One Price USD change of a model after `since`, as its audit entry recorded it. */
export type PriceChange = { modelId: number; oldPriceUsd: number | null; createdAt: string };

/**
 * The audit actions whose entries may carry a model's Price USD as `modelPriceUsd: [old, new]`.
 * A create (by form or import) carries [null, new]: with it read too, a model made after `since`
 * has no price then, and so is no change (pricesAt's null), without a creation time of its own.
 */
export const priceChangeActions = ['model.create', 'model.update', 'model.import'] as const satisfies readonly AuditAction[];

/** A model's Price USD change as its audit entry recorded it; null for an entry that left the price as it was. */
export function priceChangeOf(entry: { entityId: number | null; changes: AuditChanges; createdAt: string }): PriceChange | null {
  const price = entry.changes.modelPriceUsd;
  if (!price || entry.entityId === null) return null;
  return { modelId: entry.entityId, oldPriceUsd: price[0] === null ? null : Number(price[0]), createdAt: entry.createdAt };
}

/** Each model's Price USD at `since` where it changed after: its earliest change's old value (null: made after `since`). */
export function pricesAt(changesAfter: readonly PriceChange[]): Map<number, { priceUsd: number | null; createdAt: string }> {
  const then = new Map<number, { priceUsd: number | null; createdAt: string }>();
  for (const change of changesAfter) {
    const known = then.get(change.modelId);
    if (!known || change.createdAt < known.createdAt)
      then.set(change.modelId, { priceUsd: change.oldPriceUsd, createdAt: change.createdAt });
  }
  return then;
}

/**
 * The models whose Total differs from their Total at `since`, the largest changes first (ties by
 * id), at most MAX_CHANGED_MODELS. A model without a Total then or now (made after `since`, or no
 * Total to show) is not a change of price.
 */
export function changedModels(models: Iterable<{ id: number; previousTotal: number | null; total: number | null }>): ChangedModel[] {
  const changed: ChangedModel[] = [];
  for (const { id, previousTotal, total } of models) {
    if (previousTotal !== null && total !== null && previousTotal !== total) changed.push({ id, previousTotal, total });
  }
  changed.sort((a, b) => Math.abs(b.total - b.previousTotal) - Math.abs(a.total - a.previousTotal) || a.id - b.id);
  return changed.slice(0, MAX_CHANGED_MODELS);
}

/** The rate's move over the changes, first old value to last new one; null when it ended where it began. */
function rateMove(variables: readonly VariableChangeRow[]): { from: string; to: string } | null {
  const exch = variables.filter((change) => change.variable === 'exch').sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1));
  const first = exch[0];
  const last = exch.at(-1);
  if (!first || !last || first.oldValue === last.newValue) return null;
  return { from: first.oldValue, to: last.newValue };
}

const pricesChanged = (count: number) => (count === 1 ? '1 price changed.' : `${formatLakh(count)} prices changed.`);

/**
 * 'Since your last visit on 24 Nov 2026: 1 USD = Rs 278.00 → Rs 281.15 (+1.1 %), 14 prices
 * changed.', without the rate when it did not move; null when nothing the user sees moved.
 */
export function changesSentence(changes: Changes, timeZone: string): string | null {
  const rate = rateMove(changes.variables);
  if (rate === null && changes.models.length === 0) return null;
  const head = `Since your last visit on ${formatBusinessDay(changes.since, timeZone)}: `;
  if (rate === null) return head + pricesChanged(changes.models.length);
  const percent = exchChange(rate.from, rate.to)?.percent;
  const move = `1 USD = ${rupeeRate(rate.from)} → ${rupeeRate(rate.to)}${percent === undefined ? '' : ` (${percent} %)`}`;
  return `${head}${move}, ${pricesChanged(changes.models.length)}`;
}

/** A marked Total's title: 'Was Rs 1,02,300 on 24 Nov 2026'. */
export const wasTitle = (previousTotal: number, since: string, timeZone: string) =>
  `Was Rs ${formatLakh(previousTotal)} on ${formatBusinessDay(since, timeZone)}`;
