import { HttpError } from '#src/contract/errors.ts';
import { messages } from '#src/contract/messages.ts';
import { memoryLoginThrottle } from '#src/domain/login-throttle.ts';
import type { MockStore } from '#mocks/store-shape.ts';

// The counts live in the mock store, so resetting the store clears them; the server also keys on
// the client's address, but a browser or a test is only ever one client. As on the server, every
// attempt counts as it starts and a success clears the count.
export function guess(store: MockStore, key: string): void {
  const wait = memoryLoginThrottle(store.loginAttempts).attempt(key);
  if (wait > 0) throw new HttpError(429, messages.tooManyAttempts(wait), { 'retry-after': String(wait) });
}

export const clearGuesses = (store: MockStore, key: string): void => memoryLoginThrottle(store.loginAttempts).clear(key);
