import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import Big from 'big.js';
import ky from 'ky';
import { createRoot } from 'react-dom/client';
import { z } from 'zod/mini';

// The bundle baseline with the libraries the stack names for every screen (README, The stack):
// the bare page's one route and heading, whose data comes through ky, is checked by zod/mini (the
// contract's zod), cached by TanStack Query and summed with big.js, each used once as the app uses
// it. No code of ours.

const answer = z.object({ variables: z.object({ exch: z.string().check(z.regex(/^\d+(\.\d+)?$/)) }) });
const queryClient = new QueryClient();

function Welcome() {
  const rate = useQuery({
    queryKey: ['variables'],
    queryFn: async () => answer.parse(await ky.post('/api/variables', { json: {} }).json()),
    retry: false,
  });
  return <h1>WELCOME{rate.data ? ` ${new Big(rate.data.variables.exch).times(2).toFixed(2)}` : ''}</h1>;
}

const rootRoute = createRootRoute({ component: Outlet });
const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: Welcome });
const router = createRouter({ routeTree: rootRoute.addChildren([indexRoute]), history: createMemoryHistory({ initialEntries: ['/'] }) });

createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={queryClient}>
    <RouterProvider router={router} />
  </QueryClientProvider>,
);
