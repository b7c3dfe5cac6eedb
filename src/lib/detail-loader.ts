import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { HTTPError } from 'ky';

/** An edit screen's record; a missing one (or an id that is not a number) sends the user to `/`. */
export async function loadDetailOrLeave<T>(id: number, load: () => Promise<T>): Promise<T> {
  if (!Number.isInteger(id) || id < 1) throw redirect({ to: '/' });
  try {
    return await load();
  } catch (error) {
    if (error instanceof HTTPError && (error.response.status === 404 || error.response.status === 422)) throw redirect({ to: '/' });
    throw error;
  }
}

export const idParam = {
  parse: (params: { id: string }) => ({ id: Number(params.id) }),
  stringify: ({ id }: { id: number }) => ({ id: String(id) }),
};

/**
 * An edit screen's route options: its `$id`, and a loader that reads the record (loadDetailOrLeave)
 * while `beside` loads what the form needs with it (a picker's options), so the form mounts filled.
 */
export function recordRoute<Data, Key extends QueryKey>(
  record: (id: number) => EnsureQueryDataOptions<Data, Error, Data, Key>,
  beside?: (queryClient: QueryClient) => Promise<unknown>,
) {
  return {
    params: idParam,
    loader: ({ context: { queryClient }, params }: { context: { queryClient: QueryClient }; params: { id: number } }) =>
      Promise.all([loadDetailOrLeave(params.id, () => queryClient.ensureQueryData(record(params.id))), beside?.(queryClient)]),
  };
}
