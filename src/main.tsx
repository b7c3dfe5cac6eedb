import { QueryClient } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { routeTree } from './routeTree.gen';
import './styles/app.css';

const queryClient = new QueryClient();
const router = createRouter({ routeTree, context: { queryClient } });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

// `npm run dev:mock`: the whole API answered in the browser by the MSW mocks, no server needed.
if (import.meta.env.DEV && import.meta.env.VITE_MOCKS === '1') {
  const { worker } = await import('../mocks/browser.ts');
  await worker.start({ onUnhandledFrame: 'bypass' });
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
