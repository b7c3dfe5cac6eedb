import { useSyncExternalStore } from 'react';

// A new build waiting to take over (docs/design.md §8.6): the service worker's registration says
// so here, and the shell offers the reload. Only the user reloads: a form being typed is not lost.

let reload: (() => void) | null = null;
const listeners = new Set<() => void>();

/** Called by the registration when a new service worker is installed and waiting. */
export function offerUpdate(activate: () => void) {
  reload = activate;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The reload that activates the new build, or null while there is none. */
export const useAppUpdate = () =>
  useSyncExternalStore(
    subscribe,
    () => reload,
    () => null,
  );
