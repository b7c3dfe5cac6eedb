import { queryOptions } from '@tanstack/react-query';
import { callApi } from '#src/lib/api-client.ts';
import { loggedRead } from '#src/lib/logged.ts';

export const settingsKey = ['settings'] as const;

/** The business's settings (docs/design.md §8): every signed-in user reads them, the print sheet names the company. */
export const settingsQuery = queryOptions({
  queryKey: settingsKey,
  queryFn: () => loggedRead('settings', async () => (await callApi('settings')).settings),
});
