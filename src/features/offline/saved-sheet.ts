import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { modelsSearchSchema } from '#src/domain/list-searches.ts';
import { sheetOf, type SavedSheet } from '#src/domain/saved-sheet.ts';
import { meQuery } from '#src/features/auth/api.ts';
import { modelFilterOptionsQuery, modelsListKeys, modelsListQuery, modelsRequest } from '#src/features/price-list/api.ts';
import { settingsQuery } from '#src/features/settings/api.ts';
import { variablesQuery } from '#src/features/variables/api.ts';
import { loggedRead } from '#src/lib/logged.ts';
import type { StoredUser } from '#src/lib/session.ts';
import { readSheets, saveSheet } from './app-data.ts';

/**
 * The saved price sheet (docs/design.md §8.6). `refresh` is under the models list's key: a model
 * write, or a live `models` event invalidating ['models'], refreshes it as it does the list; its
 * last part is the variables' version, so a new rate (a `variables` event refetching the variables)
 * makes it a new query, fetched at once. `read` is the copy on the device.
 */
export const savedSheetKeys = {
  refresh: [...modelsListKeys.all, 'saved-sheet'] as const,
  read: ['saved-sheet'] as const,
};

/** The stored user's sheet on this device, or null. */
export const savedSheetReadQuery = (user: StoredUser | null) =>
  queryOptions({
    queryKey: [...savedSheetKeys.read, user?.name, user?.roleId, user?.isAdmin],
    queryFn: async () => (user && sheetOf(await readSheets(), user)) ?? null,
    staleTime: Infinity,
  });

// Every model the list shows: the default list (no filter, the list's order) on one page.
const WHOLE_LIST = modelsSearchSchema.parse({ per_page: 'all' });

/**
 * Reads the user's whole list as their role sees it (the `models` call answers only their columns),
 * with the variables, pickers and time zone, and keeps it on the device. The time is taken before
 * the calls: the sheet never claims to be newer than its prices. Answers `savedAt`.
 */
async function saveLatestSheet(client: QueryClient, user: StoredUser): Promise<string> {
  const savedAt = new Date().toISOString();
  const [me, variables, filterOptions, settings, page] = await Promise.all([
    client.fetchQuery(meQuery),
    client.fetchQuery(variablesQuery),
    client.fetchQuery(modelFilterOptionsQuery),
    client.fetchQuery(settingsQuery),
    // Never a cached page: this is the refresh.
    client.fetchQuery({ ...modelsListQuery(modelsRequest(WHOLE_LIST, user)), staleTime: 0 }),
  ]);
  const sheet: SavedSheet = {
    userId: me.id,
    user: { name: me.name, roleId: me.roleId, isAdmin: me.isAdmin },
    savedAt,
    timeZone: settings.businessTimeZone,
    variables,
    filterOptions,
    rows: page.data,
  };
  await saveSheet(sheet);
  client.setQueryData(savedSheetReadQuery(user).queryKey, sheet);
  return savedAt;
}

/** The refresh of the sheet for the variables' `version`, fresh for SHEET_REFRESH_MS from `savedAt`. */
export const savedSheetRefreshQuery = (user: StoredUser, version: number) =>
  queryOptions({
    queryKey: [...savedSheetKeys.refresh, version],
    queryFn: ({ client }) => loggedRead('the saved price sheet', () => saveLatestSheet(client, user)),
  });

/**
 * For the live stream (docs/design.md §8.3): a `variables` or `models` event refreshes the saved
 * sheet at once, even while the models list is not open.
 */
export const refreshSavedSheet = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: savedSheetKeys.refresh, refetchType: 'all' });
