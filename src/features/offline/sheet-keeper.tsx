import { useQuery } from '@tanstack/react-query';
import { SHEET_REFRESH_MS, type SavedSheet } from '#src/domain/saved-sheet.ts';
import { variablesQuery } from '#src/features/variables/api.ts';
import type { StoredUser } from '#src/lib/session.ts';
import { savedSheetReadQuery, savedSheetRefreshQuery } from './saved-sheet.ts';
import { useOnline } from './use-online.ts';

/**
 * On the models list, online: keeps the saved sheet (docs/design.md §8.6) no older than
 * SHEET_REFRESH_MS, and refreshes it at once when the variables' version moves or ['models'] is
 * invalidated. It starts once the list has drawn, so the screen's own page is never kept waiting.
 */
export function SavedSheetKeeper({ user, listLoaded }: { user: StoredUser; listLoaded: boolean }) {
  const online = useOnline();
  const version = useQuery(variablesQuery).data?.version;
  const saved = useQuery(savedSheetReadQuery(user));
  if (!online || !listLoaded || version === undefined || !saved.isSuccess) return null;
  return <Refresh user={user} version={version} saved={saved.data} />;
}

/** Mounted once the device's copy is read, so its time counts: a sheet saved 2 minutes ago, by this tab or before a reload, is not fetched again. */
function Refresh({ user, version, saved }: { user: StoredUser; version: number; saved: SavedSheet | null }) {
  const kept = saved?.variables.version === version ? saved.savedAt : undefined;
  useQuery({
    ...savedSheetRefreshQuery(user, version),
    staleTime: SHEET_REFRESH_MS,
    initialData: kept,
    initialDataUpdatedAt: kept === undefined ? undefined : Date.parse(kept),
  });
  return null;
}
