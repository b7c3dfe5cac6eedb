import type { Locator, Page } from '@playwright/test';
import { seedCatalogue } from './support/catalogue.ts';
import { ADMIN, expect, expectAccessible, signIn, test } from './support/fixtures.ts';
import { pdfPageTexts, squash } from './support/pdf-text.ts';

// docs/design.md §8.8: at a desk (1280 × 800) no screen scrolls sideways, neither the page nor a
// table in its box, whatever the length of a name; the printed sheet repeats its column titles on
// every page and heads each brand's rows.

const VIEWPORT = { width: 1280, height: 800 };

/** Neither the page nor any table's box can be scrolled sideways. */
async function expectNothingScrollsSideways(page: Page) {
  await page.waitForFunction(() => [...document.images].every((image) => image.complete) && !document.querySelector('[role=status]'));
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    boxes: [...document.querySelectorAll('table')].map((table) => {
      const box = table.parentElement!;
      return {
        table: table.querySelector('caption')?.textContent ?? '',
        overflow: Math.max(box.scrollWidth, table.offsetWidth) - box.clientWidth,
      };
    }),
  }));
  expect(widths.page, 'the page scrolls sideways').toBeLessThanOrEqual(0);
  for (const box of widths.boxes) expect(box.overflow, `the ${box.table} table is wider than its box`).toBeLessThanOrEqual(0);
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, 'drawn on the page').not.toBeNull();
  return box!;
}

test.use({ viewport: VIEWPORT });

test('an admin with a 255-character model name sees every figure at 1280 × 800', async ({ page, adminApi }) => {
  // The worst of names: one word of 255 characters, with nowhere to break; and one of many words.
  const unbroken = `W${'X'.repeat(254)}`;
  const words = Array.from({ length: 32 }, (_, index) => `Word${index}`)
    .join(' ')
    .padEnd(255, 'Z')
    .slice(0, 255);
  const { brandId, modelIds } = await seedCatalogue(adminApi, 'Widest', [
    { name: unbroken, kw: 17.6, usd: 9999.99, minStock: 5 },
    { name: words, kw: 5.275, usd: 612.5 },
  ]);
  await signIn(page, ADMIN.username, ADMIN.password);

  await test.step('the models list: every cell of both rows in view, none under the actions', async () => {
    await page.goto(`/models?brandId=${brandId}`);
    const table = page.getByRole('table', { name: 'Models' });
    await expect(table.getByRole('cell', { name: unbroken, exact: true })).toBeVisible();
    await expectNothingScrollsSideways(page);
    for (const name of [unbroken, words]) {
      const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
      const actions = await boxOf(row.locator('[data-column=actions]'));
      expect(actions.x + actions.width, 'the actions inside the window').toBeLessThanOrEqual(VIEWPORT.width);
      for (const column of ['model', 'capacityKw', 'priceUsd', 'pricePkr', 'cost', 'profit', 'total', 'quantity', 'status']) {
        const cell = await boxOf(row.locator(`[data-column=${column}]`));
        expect(cell.x, `${column} starts inside the window`).toBeGreaterThanOrEqual(0);
        expect(cell.x + cell.width, `${column} ends before the pinned actions`).toBeLessThanOrEqual(actions.x + 0.5);
      }
      // The figures are whole: not cut or wrapped inside their cell.
      for (const column of ['profit', 'total']) {
        const cell = row.locator(`[data-column=${column}]`);
        expect(await cell.evaluate((node) => node.scrollWidth <= node.clientWidth), `${column} shows all its digits`).toBe(true);
        await expect(cell).toHaveText(/^\d{1,2}(,\d{2})*,\d{3}$|^\d{1,3}$/);
      }
    }
    await expectAccessible(page);
  });

  for (const path of ['/brands', '/series', '/users', '/audit', '/variables/history', `/models/log-model/${modelIds[unbroken]}`])
    await test.step(`${path}: nothing scrolls sideways`, async () => {
      await page.goto(path);
      await expect(page.getByRole('table')).toBeVisible();
      await expectNothingScrollsSideways(page);
    });
});

test('the printed sheet has its column titles on page 2 and a heading per brand', async ({ page, adminApi }) => {
  // Over 100 rows, so the screen draws only those in view (virtual-rows.tsx): printing must draw all.
  const models = (letter: string) =>
    Array.from({ length: 55 }, (_, index) => ({ name: `Sheet-${letter}-${index + 100}`, kw: 3.5, usd: 500 + index }));
  await seedCatalogue(adminApi, 'Sheet Alpha', models('A'));
  await seedCatalogue(adminApi, 'Sheet Beta', models('B'));
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/models?search=Sheet-&per_page=all');
  const table = page.getByRole('table', { name: 'Models' });
  await expect(table.getByRole('cell', { name: 'Sheet-A-100', exact: true })).toBeVisible();
  const titles = (await table.getByRole('columnheader').allTextContents())
    .map((title) => title.trim())
    .filter((title) => title !== 'Actions');

  await test.step("Chromium's PDF: the titles on page 2, the brands' headings once each, every row", async () => {
    // page.pdf() prints as the browser does, beforeprint first (use-printing.ts).
    const pages = pdfPageTexts(await page.pdf({ preferCSSPageSize: true, printBackground: false }));
    expect(pages.length, 'pages printed').toBeGreaterThanOrEqual(3);
    const second = squash(pages[1]!);
    for (const title of titles) expect(second, `page 2 shows '${title}'`).toContain(squash(title));
    expect(second).not.toContain('Actions');
    const sheet = squash(pages.join(' '));
    for (const brand of ['Sheet Alpha Brand', 'Sheet Beta Brand'])
      expect(sheet.split(squash(brand)), `one heading '${brand}'`).toHaveLength(2);
    expect(sheet.indexOf(squash('Sheet Alpha Brand'))).toBeLessThan(sheet.indexOf('Sheet-A-100'));
    expect(sheet.indexOf(squash('Sheet Beta Brand'))).toBeGreaterThan(sheet.indexOf('Sheet-A-154'));
    expect(sheet.indexOf(squash('Sheet Beta Brand'))).toBeLessThan(sheet.indexOf('Sheet-B-100'));
    for (const letter of ['A', 'B']) for (const index of [100, 127, 154]) expect(sheet).toContain(`Sheet-${letter}-${index}`);
  });

  await test.step('the print layout: the header row an ordinary repeated row, the brand headings, and back after', async () => {
    await page.emulateMedia({ media: 'print' });
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    const head = table.locator('thead');
    expect(await head.evaluate((node) => getComputedStyle(node).display)).toBe('table-header-group');
    expect(await head.evaluate((node) => getComputedStyle(node).position)).toBe('static');
    await expect(table.locator('tr[data-group-row]')).toHaveText(['Sheet Alpha Brand', 'Sheet Beta Brand']);
    await expect(table.locator('tbody tr:not([data-group-row])')).toHaveCount(110);
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await page.emulateMedia({ media: 'screen' });
    await expect(table.locator('tr[data-group-row]')).toHaveCount(0);
  });
});
