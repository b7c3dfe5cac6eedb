import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, followed as the window changes. Where the browser has no
 * `matchMedia` (jsdom, unless a test gives it one) nothing matches, so the wide layout is the default.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}

/** Below Tailwind's `sm` (640 px): a phone held upright, where a list of cards reads better than a wide table. */
export const PHONE_QUERY = '(max-width: 639.98px)';
