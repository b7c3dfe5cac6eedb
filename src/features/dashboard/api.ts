import { queryOptions } from '@tanstack/react-query';
import { callApi } from '#src/lib/api-client.ts';
import { loggedRead } from '#src/lib/logged.ts';

/**
 * The dashboard's figures. Always read afresh when the screen opens: stock moves, model edits and
 * rate changes anywhere (by anyone) change them, and the first screen should not show a stale day.
 */
export const dashboardQuery = queryOptions({
  queryKey: ['dashboard'] as const,
  queryFn: () => loggedRead('dashboard', async () => (await callApi('dashboard')).dashboard),
  staleTime: 0,
});
