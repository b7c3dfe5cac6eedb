import { useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';

// While the browser prints, lists render every row: a virtual list would print only what was on screen.
let printing = false;
const listeners = new Set<() => void>();
const setPrinting = (value: boolean) => () => {
  printing = value;
  // The print layout is taken right after beforeprint returns: the rows must be in the page by then.
  flushSync(() => listeners.forEach((listener) => listener()));
};
if (typeof window !== 'undefined') {
  window.addEventListener('beforeprint', setPrinting(true));
  window.addEventListener('afterprint', setPrinting(false));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const usePrinting = () =>
  useSyncExternalStore(
    subscribe,
    () => printing,
    () => false,
  );
