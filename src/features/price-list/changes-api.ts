import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { WriteResponse } from '#src/contract/common.ts';
import { callApi } from '#src/lib/api-client.ts';
import { failureAlert } from '#src/lib/failure-alert.ts';
import { loggedRead } from '#src/lib/logged.ts';
import { modelsListKeys } from './api.ts';

// Since your last visit (docs/design.md §8.2): what moved since the user last marked the models list seen.

/** Under ['models'], so model, series and brand writes ask again. */
export const changesQuery = queryOptions({
  queryKey: [...modelsListKeys.all, 'changes'] as const,
  queryFn: () => loggedRead('changes since the last visit', async () => (await callApi('changes/since', { screen: 'models' })).changes),
});

/**
 * 'Mark as seen': sets the mark to now, then asks again, busy until that answers, so the sentence
 * and the marks go together. Not a record's write: no alert on success, no audit entries to refresh.
 */
export function useMarkSeen() {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<WriteResponse | null>(null);
  const mutation = useMutation({
    mutationFn: () => callApi('changes/seen', { screen: 'models' }),
    onMutate: () => setFailure(null),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: changesQuery.queryKey }),
    onError: async (error) => setFailure(await failureAlert(error)),
  });
  return { markSeen: () => mutation.mutate(), busy: mutation.isPending, failure, dismissFailure: () => setFailure(null) };
}
