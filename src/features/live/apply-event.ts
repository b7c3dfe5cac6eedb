import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { appMessages } from '#src/contract/app-messages.ts';
import type { VariablesAnswer } from '#src/contract/variables.ts';
import { exchChange } from '#src/domain/exch-change.ts';
import type { LiveEvent } from '#src/domain/live-events.ts';
import { rateText } from '#src/domain/price-stamps.ts';
import { hasAllVariables } from '#src/domain/variables-seen.ts';
import { AUDIT_KEY } from '#src/lib/audit-key.ts';
import { brandKeys } from '#src/features/brands/api.ts';
import { dashboardQuery } from '#src/features/dashboard/api.ts';
import { modelKeys } from '#src/features/models/api.ts';
import { modelsListKeys } from '#src/features/price-list/api.ts';
import { changesQuery } from '#src/features/price-list/changes-api.ts';
import { quoteKeys } from '#src/features/quotes/api.ts';
import { seriesKeys } from '#src/features/series/api.ts';
import { userKeys } from '#src/features/users/api.ts';
import { historyKeys, variablesKey } from '#src/features/variables/api.ts';

// What each live event does to the caches (docs/design.md §8.3): the screens showing what a write
// touched read it again in the background, their rows kept in place (a list's page keeps its data
// while the next answer comes: pagedListQuery's placeholderData).

// One record's query (['models', 'detail', 7]) is marked stale but not read again: an edit form
// holds the version it was read at, and a record read under it would let a save overwrite someone
// else's change unseen. The form says so instead (src/components/form/record-changed.tsx).
const isRecord = (query: Query) => query.queryKey[1] === 'detail';

/** Reads again what is shown under these keys (or everything), but the records under edit. */
export function refreshShown(queryClient: QueryClient, keys?: readonly QueryKey[]): void {
  for (const queryKey of keys ?? [undefined]) {
    void queryClient.invalidateQueries({ queryKey, predicate: (query) => !isRecord(query) });
    void queryClient.invalidateQueries({ queryKey, predicate: isRecord, refetchType: 'none' });
  }
}

/** Every write leaves an audit entry, and the dashboard counts most of them. */
const everyWrite: readonly QueryKey[] = [AUDIT_KEY, dashboardQuery.queryKey];

/** The queries each event makes stale; models and changes-since marks sit under ['models']. */
const touched: Record<Exclude<LiveEvent['type'], 'variables' | 'session' | 'reset'>, readonly QueryKey[]> = {
  models: [modelKeys.all],
  catalogue: [brandKeys.all, seriesKeys.all, modelKeys.all],
  users: [userKeys.all],
  quotes: [quoteKeys.all],
};

/**
 * Applies one event to the caches; answers the status message it makes, if any. `session` is the
 * caller's: it leaves the signed-in app.
 */
export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): string | null {
  switch (event.type) {
    case 'variables':
      return applyVariables(queryClient, event.data.variables);
    case 'reset':
      refreshShown(queryClient);
      return null;
    case 'session':
      return null;
    default:
      refreshShown(queryClient, [...touched[event.type], ...everyWrite]);
      return null;
  }
}

/**
 * New variables reprice every screen at once from the cache. Rows carrying the server's Total
 * (Sales, who receive the TR and the rate alone: docs/design.md §8.9) and the changes-since marks
 * are read again. The status message when the rate moved: 'The exchange rate changed from 281.15
 * to 283.40 (+0.8 %). Prices are updated.'
 */
function applyVariables(queryClient: QueryClient, next: VariablesAnswer): string | null {
  const before = queryClient.getQueryData<VariablesAnswer>(variablesKey);
  queryClient.setQueryData(variablesKey, next);
  const totalsFromServer = hasAllVariables(next) ? [] : [modelsListKeys.list];
  refreshShown(queryClient, [historyKeys.all, changesQuery.queryKey, ...totalsFromServer, ...everyWrite]);
  if (!before || before.exch === next.exch) return null;
  const percent = exchChange(before.exch, next.exch)?.percent;
  return percent === undefined ? null : appMessages.exchChanged(rateText(before.exch), rateText(next.exch), percent);
}
