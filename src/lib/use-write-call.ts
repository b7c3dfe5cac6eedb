import { notifyManager, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import type { CallName, CallReply } from '#src/contract/calls.ts';
import type { WriteResponse } from '#src/contract/common.ts';
import { callApi, type SentBody } from './api-client.ts';
import { describeFailure } from './api-errors.ts';
import { AUDIT_KEY } from './audit-key.ts';

type Options<N extends CallName> = {
  /** 422: the server's first message of each field, to show under the fields. */
  onFieldErrors?: (errors: Record<string, string>) => void;
  /** A 200 with `responseFlag: success`, with the body that made it and the answer: add forms clear themselves here. */
  onSuccess?: (body: SentBody<N>, answer: CallReply<N>) => void;
  /** Lists and details that a success makes stale. */
  invalidates?: QueryKey[];
};

/**
 * Sends one write call and turns its answer into what docs/product.md §8 shows: the server's message as
 * an alert styled by its flag, field messages on 422, 'Sever Error…' on 500/405, and the
 * unreachable-server alert when no answer comes (docs/design.md §7.7). While a call is
 * on its way no second one starts, and after every answer the page scrolls smoothly to the top.
 */
export function useWriteCall<N extends CallName>(name: N, { onFieldErrors, onSuccess, invalidates = [] }: Options<N> = {}) {
  const queryClient = useQueryClient();
  const [alert, setAlert] = useState<WriteResponse | null>(null);
  // How many writes have succeeded: the unsaved-changes guard takes a saved form as unchanged.
  const [saved, setSaved] = useState(0);

  const mutation = useMutation({
    mutationFn: (body: SentBody<N>) => callApi(name, body),
    onSuccess: async (answer, body) => {
      const response = answer as WriteResponse;
      const success = response.responseFlag === 'success';
      // The alert goes out in React Query's next batch, with what `onSuccess` writes into the cache
      // (the EXCH box's new rate): one render and one paint show both, not the alert a frame early.
      notifyManager.batch(() => {
        notifyManager.schedule(() => setAlert(response));
        if (success) {
          onSuccess?.(body, answer);
          setSaved((count) => count + 1);
        }
      });
      // Every successful write appends an audit entry (docs/design.md §7.2): the audit pages shown so far are stale too.
      if (success) await Promise.all([...invalidates, AUDIT_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: async (error) => {
      const failure = await describeFailure(error);
      if (failure.kind === 'fields') onFieldErrors?.(failure.errors);
      if (failure.kind === 'alert') setAlert(failure.alert);
    },
    // In the next frame, with the answer's render laid out: here, before that render, the scroll
    // made the browser lay out the old page first, a whole extra layout of a long list.
    onSettled: () => requestAnimationFrame(() => window.scrollTo({ top: 0, behavior: 'smooth' })),
  });

  return {
    submit: (body: SentBody<N>) => {
      if (mutation.isPending) return;
      // The previous answer's alert goes as the next call starts, so a success never stands above
      // the error that follows it (docs/design.md §7.7).
      setAlert(null);
      mutation.mutate(body);
    },
    busy: mutation.isPending,
    saved,
    alert,
    dismissAlert: () => setAlert(null),
  };
}
