import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectAccessible, signIn, test } from './support/fixtures.ts';

// Every role at phone width (390 × 844) over the demo catalogue: the side menu folds behind the
// header's Menu button, no screen scrolls sideways, and axe finds nothing serious or critical.

test.use({ viewport: { width: 390, height: 844 } });

/** A form each role may open: the admin's and the manager's write screens, the sales clerk's own password. */
const formOf = { admin: '/models/add-new-model', manager: '/models/add-stock', sales: '/account/password' } as const;

async function expectNoSidewaysScroll(page: Page) {
  // Wait for the screen's content, then measure what the browser would let the user scroll.
  await page.waitForFunction(() => [...document.images].every((image) => image.complete) && !document.querySelector('[role=status]'));
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'the page scrolls sideways').toBeLessThanOrEqual(390);
}

for (const role of ['admin', 'manager', 'sales'] as const) {
  test(`${role} at 390 × 844: menu, models list, dashboard and a form`, async ({ page }) => {
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
      await menuButton.click();
      await menu.getByRole('link', { name: 'Models' }).click();
      await expect(page).toHaveURL(/\/models(\?|$)/);
      await expect(menu).toBeHidden();
      await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    });

    await test.step('the models list', async () => {
      await expect(page.getByRole('row').nth(1)).toBeVisible();
      await expect(page).toHaveTitle('Models List · AC Back-office');
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
    });

    await test.step(formOf[role], async () => {
      await page.goto(formOf[role]);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
    });
  });
}
