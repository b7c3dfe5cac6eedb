/**
 * TanStack Router reloads the whole page once when a screen's code fails to load (it spots the
 * browser's "Failed to fetch dynamically imported module" text, lazyRouteComponent.js). With the
 * server unreachable that reload ends on the browser's own error page. Vite announces every failed
 * chunk first (`vite:preloadError`, production builds): renaming the error there leaves it to the
 * route's error component, which says so inside the app (docs/design.md §7.7).
 */
export function keepChunkErrorsInApp() {
  window.addEventListener('vite:preloadError', (event) => {
    const error = (event as Event & { payload?: unknown }).payload;
    if (error instanceof Error) error.message = `Screen code not loaded: ${error.message}`;
  });
}
