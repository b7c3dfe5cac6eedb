import { clear, createStore, delMany, keys, set, values, type UseStore } from 'idb-keyval';
import type { SavedSheet } from '#src/domain/saved-sheet.ts';

// What the app keeps of the server's data on the device (docs/design.md §8.6): the saved price
// sheet in IndexedDB, one entry per user id. The service worker's own cache holds the build's files
// only (workbox-precache-*); any other Cache Storage entry would hold data, and goes with the sheet.

let opened: UseStore | undefined;
// Opened on first use, not at import: the module loads with screens that may never need it.
const store = () => (opened ??= createStore('ac-backoffice', 'saved-sheet'));

const APP_FILES_CACHE = /^workbox-precache/;

export const saveSheet = (sheet: SavedSheet) => set(sheet.userId, sheet, store());

export const readSheets = () => values<SavedSheet>(store());

/** A sign-in: every sheet but the signed-in user's goes (a shared phone's next user sees none of them). */
export async function keepOnlySheetOf(userId: number) {
  const others = (await keys<number>(store())).filter((key) => key !== userId);
  if (others.length > 0) await delMany(others, store());
}

/** Logout, or the server ending the session: the saved sheet and every cache of data. */
export async function forgetAppData() {
  await clear(store());
  if (!('caches' in window)) return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => !APP_FILES_CACHE.test(name)).map((name) => caches.delete(name)));
}
