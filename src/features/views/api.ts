import { queryOptions } from '@tanstack/react-query';
import type { ViewScreen } from '#src/contract/views.ts';
import { callApi } from '#src/lib/api-client.ts';
import { loggedRead } from '#src/lib/logged.ts';

export const viewKeys = {
  all: ['views'] as const,
  screen: (screen: ViewScreen) => ['views', screen] as const,
};

/** The user's own views of a list and the shared ones (docs/design.md §8.4). */
export const viewsQuery = (screen: ViewScreen) =>
  queryOptions({
    queryKey: viewKeys.screen(screen),
    queryFn: () => loggedRead('views', async () => (await callApi('views', { screen })).views),
  });
