import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { modelFieldsSeen } from '#src/domain/model-fields.ts';
import type { SessionUser } from '#src/domain/roles.ts';
import { variablesQuery } from '#src/features/variables/api.ts';
import { modelsListKeys } from './api.ts';

/**
 * The variables the price list reads. Managers and Admins work the figures out from them, so a new
 * rate reprices the cached rows at once. Sales receive the server's Total (docs/design.md §8.9):
 * for them the variables are read again whenever the window regains focus, and when their version has
 * moved (any save of either variables call) the list's pages are fetched again. There is no live
 * `variables` event yet; this is what stands for one.
 */
export function useListVariables(user: SessionUser | null) {
  const serverTotals = user !== null && modelFieldsSeen(user).modelTotal;
  // 'always': within the 30 s the answer counts as fresh, a rate changed meanwhile would go unseen.
  const variables = useQuery({ ...variablesQuery, refetchOnWindowFocus: serverTotals ? 'always' : false });
  const version = variables.data?.version;
  const queryClient = useQueryClient();
  // The version the shown Totals were fetched alongside.
  const shownVersion = useRef(version);
  useEffect(() => {
    if (!serverTotals || version === undefined) return;
    if (shownVersion.current !== undefined && shownVersion.current !== version) {
      void queryClient.invalidateQueries({ queryKey: modelsListKeys.list });
    }
    shownVersion.current = version;
  }, [serverTotals, version, queryClient]);
  return variables;
}
