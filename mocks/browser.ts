import { setupWorker } from 'msw/browser';
import { handlers } from './handlers.ts';
import { publishWrite } from './live.ts';
import { demoSeenMarks, defaultSeed } from './seed.ts';
import { getStore, resetStore } from './store.ts';
import type { MockStore } from './store-shape.ts';

// The app reloads the page after sign-in and after a 203 (docs/product.md §4); an in-memory store would
// lose its sessions and edits on every reload. The browser keeps a copy, as a server keeps its
// database, shared by its tabs: one tab's write is read by the others, and reaches the live-updates
// stream whichever tab serves it (docs/design.md §8.3). The version in the key drops copies of an
// older shape.
const STORAGE_KEY = 'mock-api-store:v4';

const saved = localStorage.getItem(STORAGE_KEY);
resetStore(saved ? (JSON.parse(saved) as MockStore) : { ...defaultSeed(), seenMarks: demoSeenMarks() });

/** The mock API in the browser, for `npm run dev:mock`: the app starts it when `VITE_MOCKS=1`. */
export const worker = setupWorker(...handlers);

worker.events.on('response:mocked', () => {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(getStore()));
  } catch (error) {
    // Over the storage quota (large uploads): the data lives on until the next reload.
    console.warn('mock store not saved', error);
  }
});

// Another tab's write: its store becomes this tab's, and its new audit entries are one write.
window.addEventListener('storage', ({ key, newValue }) => {
  if (key !== STORAGE_KEY || newValue === null) return;
  const next = JSON.parse(newValue) as MockStore;
  const seen = getStore().auditLog.at(-1)?.id ?? 0;
  resetStore(next);
  publishWrite(
    getStore(),
    getStore().auditLog.filter((entry) => entry.id > seen),
  );
});
