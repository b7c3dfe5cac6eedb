import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { VariablesAnswer } from '#src/contract/variables.ts';
import { SHEET_REFRESH_MS, type SavedSheet } from '#src/domain/saved-sheet.ts';
import { variablesQuery } from '#src/features/variables/api.ts';
import { whenIdle } from '#src/lib/when-idle.ts';
import type { StoredUser } from '#src/lib/session.ts';
import { rowsBasis, savedSheetReadQuery, savedSheetRefreshQuery, saveVariables } from './saved-sheet.ts';
import { useOnline } from './use-online.ts';

/**
 * On the models list, online: keeps the saved sheet (docs/design.md §8.6) no older than
 * SHEET_REFRESH_MS, refreshes it at once when ['models'] is invalidated or the variables its rows
 * depend on change, and gives it any other new variables. It starts once the list has drawn and the
 * page is idle, so the screen's own page is never kept waiting.
 */
export function SavedSheetKeeper({ user, listLoaded }: { user: StoredUser; listLoaded: boolean }) {
  const online = useOnline();
  const variables = useQuery(variablesQuery).data;
  // The device's copy is not what the screen shows first, and reading it decodes the whole sheet
  // on the page's thread (10,000 rows for an admin): it waits until the list's rows are drawn.
  const drawn = useIdleOnce(listLoaded);
  const saved = useQuery({ ...savedSheetReadQuery(user), enabled: online && drawn });
  if (!online || !drawn || variables === undefined || !saved.isSuccess) return null;
  return <Refresh user={user} variables={variables} saved={saved.data} />;
}

/** False until `ready`, then true once the page is idle after it (whenIdle): the frames due then are drawn. */
function useIdleOnce(ready: boolean): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => (ready && !idle ? whenIdle(() => setIdle(true)) : undefined), [ready, idle]);
  return idle;
}

/** Mounted once the device's copy is read, so its time counts: a sheet saved 2 minutes ago, by this tab or before a reload, is not fetched again. */
function Refresh({ user, variables, saved }: { user: StoredUser; variables: VariablesAnswer; saved: SavedSheet | null }) {
  const queryClient = useQueryClient();
  const basis = rowsBasis(user, variables);
  const kept = saved && rowsBasis(user, saved.variables) === basis ? saved.savedAt : undefined;
  useQuery({
    ...savedSheetRefreshQuery(user, basis),
    staleTime: SHEET_REFRESH_MS,
    initialData: kept,
    initialDataUpdatedAt: kept === undefined ? undefined : Date.parse(kept),
  });
  const stale = kept !== undefined && saved !== null && saved.variables.version !== variables.version;
  // Once the page is idle: the copy of the whole sheet into IndexedDB took a quarter of
  // the repaint of a new rate (docs/performance.md), and nothing on screen waits for it.
  useEffect(() => {
    if (!stale || !saved) return;
    return whenIdle(() => {
      saveVariables(queryClient, user, saved, variables).catch((error: unknown) =>
        console.error('Could not save the new variables', error),
      );
    });
  }, [stale, saved, variables, user, queryClient]);
  return null;
}
