import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { keepChunkErrorsInApp } from './lib/chunk-errors.ts';
import { createAppRouter, createQueryClient } from './router.ts';
import './styles/app.css';

// `npm run dev:mock`: the whole API answered in the browser by the MSW mocks, no server needed.
if (import.meta.env.DEV && import.meta.env.VITE_MOCKS === '1') {
  const { worker } = await import('#mocks/browser.ts');
  await worker.start({ onUnhandledFrame: 'bypass' });
}

keepChunkErrorsInApp();
const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// The service worker (docs/design.md §8.6) once the first screen has loaded and the browser is idle:
// its registration adds nothing to that screen's scripts, and its first download of the app's files
// does not compete with the screen's own.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () =>
    void import('./app/register-service-worker.ts')
      .then(({ registerServiceWorker }) => registerServiceWorker())
      .catch((error: unknown) => console.error('Could not register the service worker', error));
  window.addEventListener('load', () => ('requestIdleCallback' in window ? requestIdleCallback(register) : setTimeout(register)), {
    once: true,
  });
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
