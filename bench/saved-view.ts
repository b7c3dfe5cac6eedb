import type { Browser, Page } from '@playwright/test';
import { firstBrandId, shownUsable, signedInContext, usable } from './browser.ts';
import { median } from './export.ts';
import { ratioRow, type Row } from './report.ts';
import { callApi, type RunningServer } from './server.ts';

// docs/design.md §8.4, "applying a view costs no more than typing its URL": in Chromium, from the
// click on a saved view in the models list's 'Views' menu to the list usable with the view's rows,
// against loading the view's URL typed in (navigation start to usable), as bench/browser.ts reads
// "usable". The view (one brand) is saved through the API by the bench user and deleted after.

const ROUNDS = 5;
const VIEW_NAME = 'Bench: one brand';

export type SavedViewFigures = { viewMs: number; urlMs: number };

const call = async (server: RunningServer, name: string, body: unknown): Promise<unknown> =>
  (await callApi(server.url, server.token, name, body)).json();

/** Saves the view and answers its id. */
async function saveView(server: RunningServer, search: string): Promise<number> {
  await call(server, 'views/save', { screen: 'models', name: VIEW_NAME, search, shared: 0, isDefault: 0 });
  const { views } = (await call(server, 'views', { screen: 'models' })) as { views: { id: number; name: string }[] };
  return views.find((view) => view.name === VIEW_NAME)!.id;
}

/** The footer of the list on the page ('Showing 1 to … of …'). */
const footerOf = (page: Page) =>
  page
    .locator('p', { hasText: /^Showing 1 to/ })
    .first()
    .textContent() as Promise<string>;

/**
 * From the plain list, the Views menu opened (not timed): the time from the click on the view to
 * the list showing the view's rows (its footer as the typed URL's).
 */
async function applyView(page: Page, footer: string): Promise<number> {
  await usable(page, '/models');
  await page.getByRole('button', { name: 'Views ▾', exact: true }).click();
  const choice = page.getByRole('list', { name: 'Saved views' }).getByRole('button', { name: VIEW_NAME, exact: true });
  await choice.waitFor();
  const clicked = await choice.evaluate((button: HTMLElement) => {
    const at = performance.now();
    button.click();
    return at;
  });
  return (await shownUsable(page, 'Price PKR', footer)).ms - clicked;
}

export async function measureSavedView(browser: Browser, server: RunningServer): Promise<SavedViewFigures> {
  const search = `brandId=${await firstBrandId(server, server.token)}`;
  const id = await saveView(server, search);
  const context = await signedInContext(browser, server);
  try {
    const page = await context.newPage();
    const url = `/models?${search}`;
    // Warm-up: the bundles in the HTTP cache, the server's statements prepared; the view's footer read.
    await usable(page, url);
    const footer = await footerOf(page);
    await applyView(page, footer);
    const views: number[] = [];
    const urls: number[] = [];
    const runView = async () => void views.push(await applyView(page, footer));
    const runUrl = async () => void urls.push((await usable(page, url)).ms);
    for (let round = 0; round < ROUNDS; round++) {
      for (const run of round % 2 ? [runUrl, runView] : [runView, runUrl]) await run();
    }
    return { viewMs: median(views), urlMs: median(urls) };
  } finally {
    await context.close();
    await call(server, 'views/delete', { id });
  }
}

export const savedViewRows = (figures: SavedViewFigures): Row[] => [
  ratioRow('Browser: applying a saved view vs typing its URL', figures.viewMs, figures.urlMs, 'ms', 1),
];
