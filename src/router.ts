import { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { ScreenError } from './components/screen-error.tsx';
import { routeTree } from './routeTree.gen.ts';
import { stringifySearch } from './lib/search-text.ts';

export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    defaultPreload: 'intent',
    // Loaders hand their data to React Query, which decides when it is stale.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    // A screen that fails to load says so in place of itself, inside the parent's frame (docs/design.md §7.7).
    defaultErrorComponent: ScreenError,
    stringifySearch,
  });
}

export function createQueryClient() {
  // Failed reads are only logged (docs/product.md §8), never retried behind the user's back.
  // 'always': without a network a read fails at once, so a screen says so (docs/design.md §7.7) and
  // the models list turns to the saved sheet (§8.6), where React Query's default would hold every
  // read paused, each screen spinning until the signal comes back.
  return new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000, networkMode: 'always' } },
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
