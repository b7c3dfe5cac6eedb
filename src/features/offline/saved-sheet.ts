import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { VariablesAnswer } from '#src/contract/variables.ts';
import { modelsSearchSchema } from '#src/domain/list-searches.ts';
import { modelFieldsSeen } from '#src/domain/model-fields.ts';
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
 * last part is what of the variables its rows depend on (rowsBasis), so a change of that (a
 * `variables` event refetching the variables) makes it a new query, fetched at once. `read` is the
 * copy on the device.
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

/**
 * What of the variables the saved rows and pickers depend on: for Sales every change, as their rows
 * carry the server's Totals (§8.9); for the others the TR only (the sizes), as their figures are
 * worked out from the rows' USD prices and the saved variables, which a new rate replaces alone.
 */
export const rowsBasis = (user: StoredUser, variables: VariablesAnswer) =>
  modelFieldsSeen(user).modelTotal ? `version ${variables.version}` : `tr ${variables.tr}`;

/** The refresh of the sheet for its rows' `basis`, fresh for SHEET_REFRESH_MS from `savedAt`. */
export const savedSheetRefreshQuery = (user: StoredUser, basis: string) =>
  queryOptions({
    queryKey: [...savedSheetKeys.refresh, basis],
    queryFn: ({ client }) => loggedRead('the saved price sheet', () => saveLatestSheet(client, user)),
  });

/** A new rate over the same rows: the saved sheet takes the new variables, its rows as they were, and keeps their time. */
export async function saveVariables(client: QueryClient, user: StoredUser, sheet: SavedSheet, variables: VariablesAnswer) {
  const updated = { ...sheet, variables };
  await saveSheet(updated);
  client.setQueryData(savedSheetReadQuery(user).queryKey, updated);
}
