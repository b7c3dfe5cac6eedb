import { defaultStringifySearch } from '@tanstack/react-router';

// The search keys written as they read (docs/design.md §8.8: `?size=1.50`). The router's default
// quotes a string that reads as a number (`?size=%221.50%22`) so that it reads back as a string;
// a size reads back as the number 1.5 instead, which the models route's schema writes as "1.50".
const PLAIN_KEYS = ['size'] as const;

/** The router's search text: its default, but for the plain keys. */
export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams(defaultStringifySearch(search));
  for (const key of PLAIN_KEYS) {
    const value = search[key];
    if (typeof value === 'string') params.set(key, value);
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
