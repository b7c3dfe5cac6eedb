import { setupWorker } from 'msw/browser';
import { handlers } from './handlers.ts';
import { demoSeenMarks, defaultSeed } from './seed.ts';
import { getStore, resetStore } from './store.ts';
import type { MockStore } from './store-shape.ts';

// The app reloads the page after sign-in and after a 203 (docs/product.md §4); an in-memory store would
// lose its sessions and edits on every reload. The tab keeps a copy, as a server keeps its
// database; a new tab starts from the seed. The version in the key drops copies of an older shape.
const STORAGE_KEY = 'mock-api-store:v3';

const saved = sessionStorage.getItem(STORAGE_KEY);
resetStore(saved ? (JSON.parse(saved) as MockStore) : { ...defaultSeed(), seenMarks: demoSeenMarks() });

/** The mock API in the browser, for `npm run dev:mock`: the app starts it when `VITE_MOCKS=1`. */
export const worker = setupWorker(...handlers);

worker.events.on('response:mocked', () => {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(getStore()));
  } catch (error) {
    // Over the storage quota (large uploads): the data lives on until the next reload.
    console.warn('mock store not saved', error);
  }
});
