import { queryOptions } from '@tanstack/react-query';
import { callApi } from '#src/lib/api-client.ts';
import { loggedRead } from '#src/lib/logged.ts';

export const variablesKey = ['variables'] as const;

/** The five pricing variables, as the exact decimal text the server keeps. */
export const variablesQuery = queryOptions({
  queryKey: variablesKey,
  queryFn: () => loggedRead('variables', async () => (await callApi('variables')).variables),
});
