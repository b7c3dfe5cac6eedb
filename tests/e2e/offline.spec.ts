import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from './support/fixtures.ts';
import { savedSheets } from '#tests/support/saved-sheets.ts';
import { seedCatalogue, setVariables } from './support/catalogue.ts';

// docs/design.md §8.6: in the field. The app installs and starts without a network; a salesperson
// who opened the models list has its sheet on the phone, shown offline with its age and rate, and
// nothing of it stays once they sign out. A new build is offered, never forced.

const SALES = { name: 'Sana Fieldwork', username: 'sana.fieldwork', password: 'field-and-shop-1' };
const FIELD = [
  { name: 'Field 12', kw: 3.517, usd: 40 },
  { name: 'Field 18', kw: 5.275, usd: 50 },
  { name: 'Field 24', kw: 7.034, usd: 90 },
];
const BANNER = /^Offline: prices as of \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} \(1 USD = Rs 281\.15\)\. Check before quoting\.$/;
const REASON = 'Not available offline: connect to use it.';
const TOO_OLD = 'The saved price sheet is too old to show. Connect to get the latest prices.';
const DAY_MS = 24 * 60 * 60_000;

/** Moves every saved sheet's time `days` back, as if it had been saved then. */
const ageSheets = (page: Page, days: number) =>
  page.evaluate(
    (ms) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('ac-backoffice');
        open.onsuccess = () => {
          const store = open.result.transaction('saved-sheet', 'readwrite').objectStore('saved-sheet');
          const cursor = store.openCursor();
          cursor.onsuccess = () => {
            const at = cursor.result;
            if (!at) return resolve();
            at.update({ ...at.value, savedAt: new Date(Date.parse(at.value.savedAt) - ms).toISOString() });
            at.continue();
          };
          cursor.onerror = () => reject(cursor.error);
        };
      }),
    days * DAY_MS,
  );

/** Every URL kept in Cache Storage, by cache name. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () =>
    Object.fromEntries(
      await Promise.all(
        (await caches.keys()).map(async (name) => [name, (await (await caches.open(name)).keys()).map((request) => request.url)] as const),
      ),
    ),
  );

/** Waits until the service worker is active and this page is under it. */
async function controlledByServiceWorker(page: Page) {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), { timeout: 30_000 })
    .toBe('activated');
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test('the app is installable: a manifest with its icons, and a service worker that keeps no API answer', async ({ page, request }) => {
  await page.goto('/login');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/apple-touch-icon.png');
  const manifest = (await (await request.get('/manifest.webmanifest')).json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ name: 'AC Back-office', start_url: '/models', display: 'standalone' });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const src of [...manifest.icons.map((icon) => icon.src), '/apple-touch-icon.png']) {
    const icon = await request.get(src);
    expect(icon.status(), src).toBe(200);
    expect(icon.headers()['content-type'], src).toBe('image/png');
  }
  for (const script of ['/sw.js', '/sw-static-routes.js'])
    expect((await request.get(script)).headers()['cache-control'], script).toBe('no-cache');

  await controlledByServiceWorker(page);
  const cached = Object.values(await cachedUrls(page)).flat();
  expect(cached.some((url) => new URL(url).pathname.startsWith('/assets/'))).toBe(true);
  expect(cached.filter((url) => /\/(api|storage|q|v)\//.test(new URL(url).pathname))).toEqual([]);
});

test('the API and the app’s files are routed by the browser, so a stopped service worker is not woken for them', async ({
  page,
  context,
}) => {
  await page.goto('/login');
  await controlledByServiceWorker(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('ServiceWorker.enable');
  const routed = new Map<string, string>();
  cdp.on('Network.responseReceived', ({ response }) => {
    const path = new URL(response.url).pathname;
    if (/^\/(api|assets)\//.test(path)) routed.set(path, response.serviceWorkerRouterInfo?.actualSourceType ?? 'the worker');
  });
  // As the browser does after a pause: the next thing the page asks for would start it again.
  await cdp.send('ServiceWorker.stopAllWorkers');
  const status = await page.evaluate(async () => (await fetch('/api/auth/login', { method: 'POST', body: '{}' })).status);
  expect(status).toBeLessThan(500);
  await page.reload();
  await expect(page.getByLabel('Username')).toBeVisible();
  await expect.poll(() => routed.get('/api/auth/login')).toBe('network');
  const files = [...routed].filter(([path]) => path.startsWith('/assets/') && path.endsWith('.js'));
  expect(files.length).toBeGreaterThan(0);
  expect(files.filter(([, source]) => source !== 'cache')).toEqual([]);
});

test('a salesperson’s price sheet works offline, says how old it is, and goes at logout', async ({ page, context, adminApi }) => {
  await seedCatalogue(adminApi, 'Field', FIELD);
  await setVariables(adminApi, { tr: '3.517', exch: '281.15', fare: '0.05', duties: '0.20', profit: '0.15' });
  await adminApi.call('users/add-user', { ...SALES, roleId: 3 });

  await test.step('online, the models list keeps the sheet on the phone, the role’s columns only', async () => {
    await signIn(page, SALES.username, SALES.password);
    await page.goto('/models');
    await expect(page.getByText(/^Showing 1 to/)).toBeVisible();
    await expect.poll(async () => (await savedSheets(page)).length, { timeout: 30_000 }).toBe(1);
    const [sheet] = await savedSheets(page);
    const field = sheet!.rows.filter((row) => String(row.modelName).startsWith('Field '));
    expect(field).toHaveLength(3);
    // Sales are sent the Total, never the USD price (§8.9), nor stock.
    for (const row of field) {
      expect(row).toHaveProperty('modelTotal');
      expect(row).not.toHaveProperty('modelPriceUsd');
      expect(row).not.toHaveProperty('modelQuantity');
    }
    await controlledByServiceWorker(page);
  });

  await test.step('offline, a reload shows the saved list with its banner; search works, writes are disabled', async () => {
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: /^Offline: / })).toHaveText(BANNER);
    // The journeys share one catalogue, so this brand's models may be past the first page.
    await page.getByLabel('Search').fill('field');
    await expect(page.getByRole('cell', { name: 'Field 18', exact: true })).toBeVisible();
    await page.getByLabel('Search').fill('field 2');
    await expect(page).toHaveURL(/search=field/);
    await expect(page.getByRole('cell', { name: 'Field 24', exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Field 18', exact: true })).toHaveCount(0);
    await expect(page.getByText('Showing 1 to 1 of 1 entries')).toBeVisible();
    for (const name of ['Export', 'Print']) {
      const button = page.getByRole('button', { name, exact: true });
      await expect(button).toBeDisabled();
      await expect(button).toHaveAttribute('title', REASON);
      await expect(button).toHaveAccessibleDescription(REASON);
    }
    await expectAccessible(page);
  });

  await test.step('offline, another screen says it could not load, inside the shell', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Quotes' }).click();
    await expect(page.getByText('Could not load the latest data.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('status').filter({ hasText: /^Offline: / })).toHaveText(BANNER);
  });

  await test.step('a sheet eight days old is not shown', async () => {
    await ageSheets(page, 8);
    await page.reload();
    await expect(page.getByText(TOO_OLD)).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Field 24', exact: true })).toHaveCount(0);
  });

  await test.step('online again, logout leaves nothing of the sheet on the phone', async () => {
    await context.setOffline(false);
    await page.goto('/models');
    await expect(page.getByText(/^Showing 1 to/)).toBeVisible();
    await page.getByRole('button', { name: new RegExp(SALES.name) }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login/);
    expect(await savedSheets(page)).toEqual([]);
    // What stays is the service worker's copy of the app's own files.
    const cached = await cachedUrls(page);
    expect(Object.keys(cached).every((name) => name.startsWith('workbox-precache'))).toBe(true);
    expect(
      Object.values(cached)
        .flat()
        .filter((url) => new URL(url).pathname.startsWith('/api/')),
    ).toEqual([]);
  });
});

// A shared phone: a session that ended without Logout (the token gone, as when it expires) leaves
// its sheet until the next sign-in, which keeps only the signed-in user's.
test('a sign-in by another user on the same phone deletes the sheet the last one left', async ({ page, adminApi }) => {
  const first = { name: 'Saba Shared', username: 'saba.sharedphone', password: 'shared-phone-pass-1' };
  const next = { name: 'Nida Shared', username: 'nida.sharedphone', password: 'shared-phone-pass-2' };
  for (const user of [first, next]) await adminApi.call('users/add-user', { ...user, roleId: 3 });

  await signIn(page, first.username, first.password);
  await page.goto('/models');
  await expect(page.getByText(/^Showing 1 to/)).toBeVisible();
  await expect.poll(async () => (await savedSheets(page)).length, { timeout: 30_000 }).toBe(1);
  const [left] = await savedSheets(page);

  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await signIn(page, next.username, next.password);
  await expect.poll(async () => (await savedSheets(page)).map((sheet) => sheet.userId).includes(left!.userId)).toBe(false);
  await page.goto('/models');
  await expect(page.getByText(/^Showing 1 to/)).toBeVisible();
  await expect.poll(async () => (await savedSheets(page)).length, { timeout: 30_000 }).toBe(1);
  const [kept] = await savedSheets(page);
  expect(kept!.userId).not.toBe(left!.userId);
});

test('a new build is offered with Reload, and taken only when asked', async ({ page }) => {
  await page.goto('/login');
  await controlledByServiceWorker(page);
  const worker = 'dist/sw.js';
  const deployed = readFileSync(worker, 'utf8');
  try {
    // Another build's service worker: any byte changed makes the browser install it beside the running one.
    writeFileSync(worker, `${deployed}\n// build ${Date.now()}\n`);
    await page.reload();
    const prompt = page.getByText('A new version is available.');
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Reload', exact: true }).click();
    await expect(page.getByLabel('Username')).toBeVisible();
    await expect(prompt).toHaveCount(0);
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
  } finally {
    writeFileSync(worker, deployed);
  }
});
