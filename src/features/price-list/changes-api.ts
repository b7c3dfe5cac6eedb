import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { WriteResponse } from '#src/contract/common.ts';
import { appMessages } from '#src/contract/app-messages.ts';
import { callApi } from '#src/lib/api-client.ts';
import { loggedRead } from '#src/lib/logged.ts';
import { modelsListKeys } from './api.ts';

// Since your last visit (docs/design.md §8.2): what moved since the user last marked the models list seen.

/** Under ['models'], so model, series and brand writes ask again. */
export const changesQuery = queryOptions({
  queryKey: [...modelsListKeys.all, 'changes'] as const,
  queryFn: () => loggedRead('changes since the last visit', async () => (await callApi('changes/since', { screen: 'models' })).changes),
});

/**
 * What reads a failed answer (src/lib/api-errors.ts and the answers' schemas) loads when a mark
 * fails, not with the dashboard that shows this notice; a page that cannot load it cannot reach
 * the server either.
 */
const describedFailure = (error: unknown): Promise<WriteResponse | null> =>
  import('#src/lib/failure-alert.ts').then(
    ({ failureAlert }) => failureAlert(error),
    () => appMessages.unreachable,
  );

/**
 * 'Mark as seen': sets the mark to now, then asks again, busy until that answers, so the sentence
 * and the marks go together. Not a record's write: no alert on success, no audit entries to refresh.
 * A call and a flag rather than useMutation, whose observer would be the first screen's only one.
 */
export function useMarkSeen() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<WriteResponse | null>(null);
  const markSeen = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await callApi('changes/seen', { screen: 'models' });
      await queryClient.invalidateQueries({ queryKey: changesQuery.queryKey });
    } catch (error) {
      setFailure(await describedFailure(error));
    } finally {
      setBusy(false);
    }
  };
  return { markSeen: () => void markSeen(), busy, failure, dismissFailure: () => setFailure(null) };
}
