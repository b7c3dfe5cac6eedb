// Imported by the service worker vite.config.ts writes (Workbox's importScripts). The browser
// stops an idle service worker after about 30 seconds and must start it again before it can
// answer anything the page asks for: a call to the API after a pause then waited for that start,
// only to be passed on to the network (the worker keeps no API answer, docs/design.md §8.6), and
// every file of a screen opened for the first time waited for it to be read from the worker's
// cache. These routes, taken by the browser itself (the Static Routing API, Chrome 123 and later;
// others ignore them), send the API and the stored images straight to the network and read the
// app's files straight from the worker's cache, so neither wakes it (docs/performance.md). A file
// the cache does not hold goes to the network, as the worker would send it.
self.addEventListener('install', (event) => {
  if (!('addRoutes' in event)) return;
  // Workbox's precache: workbox-precache-v2 and the scope (workbox-core's cacheNames).
  const appFiles = `workbox-precache-v2-${self.registration.scope}`;
  event.waitUntil(
    event
      .addRoutes([
        { condition: { urlPattern: '/api/*' }, source: 'network' },
        { condition: { urlPattern: '/storage/*' }, source: 'network' },
        { condition: { urlPattern: '/assets/*' }, source: { cacheName: appFiles } },
      ])
      // Without its routes the worker still answers everything as before.
      .catch((error) => console.error('Could not add the service worker’s static routes', error)),
  );
});
