import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { listRouteSearch } from './list-search.ts';

/**
 * A list route's options but its guard and component: the URL's search (listRouteSearch), and a
 * loader that starts the page's read without awaiting it, so a new page or search shows the old
 * rows as busy at once (docs/design.md §7.7).
 */
export function listRoute<Schema extends z.ZodMiniType<object>, Data, Key extends QueryKey>(
  schema: Schema,
  query: (search: z.output<Schema>) => FetchQueryOptions<Data, Error, Data, Key>,
) {
  return {
    ...listRouteSearch(schema),
    loaderDeps: ({ search }: { search: z.output<Schema> }) => search,
    loader: ({ context, deps }: { context: { queryClient: QueryClient }; deps: z.output<Schema> }) =>
      void context.queryClient.prefetchQuery(query(deps)),
  };
}
