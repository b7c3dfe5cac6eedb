import type { Page } from '@playwright/test';

type StoredSheet = { userId: number; savedAt: string; rows: Record<string, unknown>[] };

/**
 * The saved sheets in IndexedDB (src/features/offline/app-data.ts), as the page can read them: none
 * before the app has made its database, which is not opened until then (opening it would make it,
 * without the app's store, and the app's own opening would then find no store to make).
 */
export const savedSheets = (page: Page) =>
  page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((db) => db.name === 'ac-backoffice')) return [];
    return new Promise<StoredSheet[]>((resolve, reject) => {
      const open = indexedDB.open('ac-backoffice');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('saved-sheet')) return resolve([]);
        const all = db.transaction('saved-sheet').objectStore('saved-sheet').getAll();
        all.onsuccess = () => {
          resolve(all.result as StoredSheet[]);
          db.close();
        };
        all.onerror = () => reject(all.error);
      };
    });
  });
