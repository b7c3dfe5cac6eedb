import type { AuditAction } from '#src/contract/audit.ts';
import type { CurrentUser } from '#src/contract/auth.ts';
import type { ChangeScreen, Changes, VariableChangeRow } from '#src/contract/changes.ts';
import { done } from '#src/contract/messages.ts';
import { modelTotals } from '#src/domain/model-figures.ts';
import { changedModels, priceChangeActions, priceChangeOf, pricesAt, variablesAt, variablesSeenBy } from '#src/domain/price-changes.ts';
import { defineCall, type MockCall } from '#mocks/define-call.ts';
import { offered } from '#mocks/model-rows.ts';
import { compareText } from '#mocks/names.ts';
import { variablesOf } from '#mocks/quote-lines.ts';
import type { MockStore } from '#mocks/store-shape.ts';

// Since your last visit (docs/design.md §8.2) as the server answers it: a mark per user and
// screen, and what moved after it, worked out by src/domain/price-changes.ts.

/** Sets the user's mark on the screen to now, making it on a first visit. */
function markSeen(store: MockStore, userId: number, screen: ChangeScreen, seenAt: string) {
  const mark = store.seenMarks.find((row) => row.userId === userId && row.screen === screen);
  if (mark) mark.seenAt = seenAt;
  else store.seenMarks.push({ userId, screen, seenAt });
}

/** The variable changes after `since`, oldest first (rows of one instant by id). */
const variableChangesAfter = (store: MockStore, since: string): VariableChangeRow[] =>
  store.variableHistory
    .filter((row) => row.createdAt > since)
    .sort((a, b) => compareText(a.createdAt, b.createdAt) || a.id - b.id)
    .map(({ variable, oldValue, newValue, createdAt }) => ({ variable, oldValue, newValue, createdAt }));

function changesSince(store: MockStore, user: CurrentUser, since: string): Changes {
  const variableChanges = variableChangesAfter(store, since);
  // The Totals then are worked out with every variable as it was, seen by this role or not.
  const totalThen = modelTotals(variablesAt(variablesOf(store.variables), variableChanges));
  const totalNow = modelTotals(store.variables);
  const pricesThen = pricesAt(
    store.auditLog
      .filter((entry) => entry.createdAt > since && (priceChangeActions as readonly AuditAction[]).includes(entry.action))
      .flatMap((entry) => priceChangeOf(entry) ?? []),
  );
  const models = offered(store, user).map(({ model }) => {
    const then = pricesThen.get(model.id);
    const priceThen = then === undefined ? model.priceUsd : then.priceUsd;
    return { id: model.id, previousTotal: priceThen === null ? null : totalThen(priceThen), total: totalNow(model.priceUsd) };
  });
  const seen = variablesSeenBy(user);
  return {
    since,
    variables: variableChanges.filter((change) => seen.includes(change.variable)),
    models: changedModels(models),
  };
}

export const changeCalls: MockCall[] = [
  defineCall('changes/since', ({ body, store, user }) => {
    const mark = store.seenMarks.find((row) => row.userId === user.id && row.screen === body.screen);
    if (mark) return { changes: changesSince(store, user, mark.seenAt) };
    // A first visit starts the clock: nothing has changed since a moment never seen.
    const now = new Date().toISOString();
    markSeen(store, user.id, body.screen, now);
    return { changes: { since: now, variables: [], models: [] } };
  }),

  // A reading bookmark, like a sign-in kept out of the audit log.
  defineCall('changes/seen', ({ body, store, user }) => {
    markSeen(store, user.id, body.screen, new Date().toISOString());
    return done.markedSeen;
  }),
];
