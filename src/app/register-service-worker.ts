import { offerUpdate } from '#src/lib/app-update.ts';
import { reloadPage } from '#src/lib/reload.ts';

/**
 * Registers the service worker that keeps the app's files (docs/design.md §8.6; vite.config.ts
 * writes it). Loaded by main.tsx once the first screen has drawn. Written here rather than through
 * `virtual:pwa-register` (workbox-window): these lines are all the app needs of it, at a tenth of
 * its size. A new build installs beside the running one and waits: the shell says so, and its
 * Reload asks it to take over (Workbox's SKIP_WAITING message) and reloads once it has.
 */
export async function registerServiceWorker() {
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  const offer = (waiting: ServiceWorker) =>
    offerUpdate(() => {
      navigator.serviceWorker.addEventListener('controllerchange', () => reloadPage(), { once: true });
      waiting.postMessage({ type: 'SKIP_WAITING' });
    });
  // Without a controller this is the first install, not a new build.
  const isUpdate = () => navigator.serviceWorker.controller !== null;
  if (registration.waiting && isUpdate()) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && isUpdate()) offer(installing);
    });
  });
}
