import { ADMIN, expect, menuItems, SERVER_ERROR, signIn, test } from './support/fixtures.ts';

// docs/product.md §8: a 500 (or 405) on a save shows one fixed message; a failed list read is only
// logged. The failures are made by intercepting the call in the browser: the production build
// has no switch that could break it on purpose.

test('a server error on a save shows the fixed message and keeps what was typed', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await menuItems(page).filter({ hasText: 'Variables' }).click();
  await expect(page.getByLabel('EXCH', { exact: true })).not.toHaveValue('');

  for (const status of [500, 405]) {
    await page.route('**/api/variables/update-variables', (route) =>
      route.fulfill({
        status,
        contentType: 'application/json',
        body: JSON.stringify({ responseMessage: 'from the server', responseFlag: 'danger' }),
      }),
    );
    await page.getByLabel('EXCH', { exact: true }).fill('290.5');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toContainText(SERVER_ERROR);
    await expect(page.getByLabel('EXCH', { exact: true })).toHaveValue('290.5');
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await page.unroute('**/api/variables/update-variables');
  }
});

test('a failed list read shows no message and is logged in the console', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text());
  });
  await page.route('**/api/brands', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
  await menuItems(page).filter({ hasText: 'Brands' }).click();
  await expect(page.getByRole('heading', { name: 'Brands List' })).toBeVisible();
  await expect.poll(() => logged.length).toBeGreaterThan(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText(SERVER_ERROR)).toHaveCount(0);
});
