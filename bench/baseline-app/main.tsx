import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { createRoot } from 'react-dom/client';

// The bundle baseline: the least a React + TanStack Router screen needs, one route, one heading.
// Its history starts at '/', so the page shows that route wherever the bench serves the file from.

const rootRoute = createRootRoute({ component: Outlet });
const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <h1>WELCOME</h1> });
const router = createRouter({ routeTree: rootRoute.addChildren([indexRoute]), history: createMemoryHistory({ initialEntries: ['/'] }) });

createRoot(document.getElementById('root')!).render(<RouterProvider router={router} />);
