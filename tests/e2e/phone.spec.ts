import type { Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectAccessible, signIn, test } from './support/fixtures.ts';

// Every role at phone width (390 × 844) over the demo catalogue: the side menu folds behind the
// header's Menu button, no screen scrolls sideways, the models list is one card per model while
// the other lists keep their tables, and axe finds nothing serious or critical.

test.use({ viewport: { width: 390, height: 844 } });

/** A form each role may open: the admin's and the manager's write screens, the sales clerk's own password. */
const formOf = { admin: '/models/add-new-model', manager: '/models/add-stock', sales: '/account/password' } as const;
/** A list other than the models list that a role may open, and its table's name (Sales have none). */
const tableListOf = { admin: ['/series', 'Series'], manager: ['/variables/history', 'Pricing History'] } as const;

async function expectNoSidewaysScroll(page: Page) {
  // Wait for the screen's content, then measure what the browser would let the user scroll.
  await page.waitForFunction(() => [...document.images].every((image) => image.complete) && !document.querySelector('[role=status]'));
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'the page scrolls sideways').toBeLessThanOrEqual(390);
}

/** Where a element is on screen; it must be drawn. */
async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, 'drawn on the page').not.toBeNull();
  return box!;
}

/**
 * A list's table scrolls sideways in its own box, and its first data column stays in view at the
 * box's left edge while it does (the header cell and a body cell alike).
 */
async function expectFirstColumnHeld(page: Page, name: string) {
  const table = page.getByRole('table', { name });
  const scroller = table.locator('xpath=..');
  const wide = await scroller.evaluate((box) => box.scrollWidth > box.clientWidth);
  await scroller.evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
  if (wide) expect(await scroller.evaluate((box) => box.scrollLeft), 'the table box scrolled sideways').toBeGreaterThan(0);
  const edge = (await boxOf(scroller)).x;
  for (const cell of [table.getByRole('columnheader').first(), table.getByRole('row').nth(1).getByRole('cell').first()]) {
    const box = await boxOf(cell);
    expect(Math.abs(box.x - edge), 'the first column is at the left edge of the box').toBeLessThanOrEqual(2);
    await expect(cell).toBeInViewport();
  }
}

/** Below 768 px the controls above a list stand in one column: one under the other, none beside another. */
async function expectOneColumn(controls: Locator[]) {
  const boxes = await Promise.all(controls.map(boxOf));
  boxes
    .slice(1)
    .forEach((box, index) => expect(box.y, 'below the control before it').toBeGreaterThanOrEqual(boxes[index]!.y + boxes[index]!.height));
  for (const box of boxes) expect(box.x + box.width, 'inside the screen').toBeLessThanOrEqual(390);
}

for (const role of ['admin', 'manager', 'sales'] as const) {
  test(`${role} at 390 × 844: menu, models list, dashboard and a form`, async ({ page }) => {
    // A deadline, not a measure: axe over the demo's 500 cards (each with its checkbox) four times
    // took 1.6–2 min on a loaded 2-core machine.
    test.setTimeout(240_000);
    await signIn(page, role, DEMO_PASSWORD);
    const menuButton = page.getByRole('button', { name: 'Menu' });
    const menu = page.getByRole('navigation', { name: 'Main' });

    await test.step('the dashboard', async () => {
      await expect(menu).toBeHidden();
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
    });

    await test.step('the menu opens, closes on Escape, and takes the user to Models', async () => {
      await menuButton.click();
      await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
      await expect(menu).toBeVisible();
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(menuButton).toBeFocused();
      // The menu covers the left of the screen; a tap on the dimmed rest closes it.
      await menuButton.click();
      await page.mouse.click(370, 600);
      await expect(menu).toBeHidden();
      await menuButton.click();
      await menu.getByRole('link', { name: 'Models' }).click();
      await expect(page).toHaveURL(/\/models(\?|$)/);
      await expect(menu).toBeHidden();
      await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    });

    await test.step('the models list, one card per model', async () => {
      const cards = page.getByRole('list', { name: 'Models' }).getByRole('article');
      await expect(cards.first()).toBeVisible();
      await expect(page.getByRole('table', { name: 'Models' })).toHaveCount(0);
      await expect(page).toHaveTitle('Models List · AC Back-office');
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
      await expectOneColumn([
        page.getByLabel('Show Entries'),
        page.getByRole('searchbox', { name: 'Search' }),
        page.getByLabel('Brand', { exact: true }),
        page.getByLabel('Series', { exact: true }),
      ]);
      // The first card's Total is on screen without a sideways scroll, and so are its actions.
      const first = cards.first();
      await first.scrollIntoViewIfNeeded();
      await expect(first.getByRole('definition').nth(1)).toHaveText(/^[\d,]+$/);
      await expect(first.getByRole('definition').nth(1)).toBeInViewport();
      for (const link of await first.getByRole('link').all()) await expect(link).toBeInViewport();
    });

    await test.step(formOf[role], async () => {
      await page.goto(formOf[role]);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
    });
  });
}

for (const [role, [path, name]] of Object.entries(tableListOf)) {
  test(`${role} at 390 × 844: ${path} keeps its table, scrolling sideways in its own box`, async ({ page }) => {
    await signIn(page, role, DEMO_PASSWORD);
    await page.goto(path);
    await expect(page.getByRole('table', { name }).getByRole('row').nth(1)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectFirstColumnHeld(page, name);
  });
}
