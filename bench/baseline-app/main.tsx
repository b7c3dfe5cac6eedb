import { createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { createRoot } from 'react-dom/client';

// The bundle baseline: the least a React + TanStack Router screen needs, one route, one heading.

const rootRoute = createRootRoute({ component: Outlet });
const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <h1>WELCOME</h1> });
const router = createRouter({ routeTree: rootRoute.addChildren([indexRoute]), basepath: import.meta.env.BASE_URL });

createRoot(document.getElementById('root')!).render(<RouterProvider router={router} />);
