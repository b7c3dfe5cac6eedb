import { seedCatalogue } from './support/catalogue.ts';
import { ADMIN, expect, expectAccessible, menuItems, pictures, signIn, test } from './support/fixtures.ts';

// docs/design.md §7.7 in Chromium: the server stops answering mid-use (route interception), the
// questions before what hurts, the unsaved-changes guard, and the models list at 1280 × 800.

const UNREACHABLE = 'The server cannot be reached. Please check your connection and try again.';
const COULD_NOT_LOAD = 'Could not load the latest data.';
const LEAVE = 'Leave without saving? Your changes will be lost.';

test('with the server unreachable: a write says so, a list keeps its rows with Retry, a new screen fails inside the shell', async ({
  page,
  adminApi,
}) => {
  await seedCatalogue(adminApi, 'Offline');
  await signIn(page, ADMIN.username, ADMIN.password);

  await test.step('a list keeps its rows and Retry recovers', async () => {
    await menuItems(page).filter({ hasText: 'Brands' }).click();
    const table = page.getByRole('table', { name: 'Brands' });
    await expect(table.getByRole('cell', { name: 'Offline Brand', exact: true })).toBeVisible();
    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
    await page.getByLabel('Search').fill('nothing-like-this');
    await expect(page.getByRole('status').filter({ hasText: COULD_NOT_LOAD })).toBeVisible();
    await expect(table.getByRole('cell', { name: 'Offline Brand', exact: true })).toBeVisible();
    await expect(page.getByText('No Record Found.')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expectAccessible(page);
    await page.unroute('**/api/**');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('No Record Found.')).toBeVisible();
    await expect(page.getByText(COULD_NOT_LOAD)).toHaveCount(0);
  });

  await test.step('a write shows the danger alert and keeps what was typed', async () => {
    await page.goto('/brands/add-new-brand');
    await page.getByLabel('Brand Name').fill('Never Sent');
    await page.getByLabel('Brand Image').setInputFiles(pictures.logo);
    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toContainText(UNREACHABLE);
    await expect(page.getByLabel('Brand Name')).toHaveValue('Never Sent');
    await page.unroute('**/api/**');
  });

  await test.step('a menu click to a screen whose code cannot be loaded says so inside the shell', async () => {
    // The Add Brand form still holds what was typed: leaving it is asked about.
    await menuItems(page).filter({ hasText: 'Dashboard' }).click();
    await page.getByRole('alertdialog', { name: LEAVE }).getByRole('button', { name: 'Leave' }).click();
    await expect(page.getByText('WELCOME')).toBeVisible();
    await page.route('**/assets/**', (route) => route.abort('connectionrefused'));
    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
    await menuItems(page).filter({ hasText: 'Users' }).click();
    await expect(page.getByText(COULD_NOT_LOAD)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expectAccessible(page);
    await page.unroute('**/assets/**');
    await page.unroute('**/api/**');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Users List' })).toBeVisible();
  });
});

test('an admin deactivating themself is asked first; Cancel changes nothing', async ({ page, adminApi }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await menuItems(page).filter({ hasText: 'Users' }).click();
  await page.getByLabel('Search').fill(ADMIN.username);
  await page
    .getByRole('row', { name: new RegExp(`\\b${ADMIN.username}\\b`) })
    .getByRole('link', { name: 'Edit' })
    .first()
    .click();
  await expect(page.getByLabel('Username')).toHaveValue(ADMIN.username);
  await page.getByLabel('Status').selectOption({ label: 'Inactive' });
  await page.getByRole('button', { name: 'Submit' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Deactivate your own account? You will be signed out.' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  const me = await adminApi.call<{ user: { isActive: number } }>('me');
  expect(me.user.isActive).toBe(1);
});

test('an EXCH more than 20 % away is asked about; Cancel keeps the rate', async ({ page, adminApi }) => {
  const before = (await adminApi.call<{ variables: { exch: string } }>('variables')).variables.exch;
  const wild = String(Math.round(Number(before) * 100));
  await signIn(page, ADMIN.username, ADMIN.password);
  await menuItems(page).filter({ hasText: 'Models' }).click();
  // Exact names: while the models list loads the dashboard is still shown, and its Exchange Rate
  // card and the sparkline in it ("Exchange rate over the last 90 days…") match loose ones.
  const box = page.getByRole('region', { name: 'Exchange rate', exact: true }).getByRole('textbox', { name: 'EXCH', exact: true });
  await expect(box).toHaveValue(before);
  await box.fill(wild);
  await page.getByRole('button', { name: 'Update' }).click();
  const dialog = page.getByRole('alertdialog', {
    name: new RegExp(`^Change the exchange rate from ${before} to ${wild}\\? That is a change of \\+`),
  });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect((await adminApi.call<{ variables: { exch: string } }>('variables')).variables.exch).toBe(before);
});

test('leaving a changed form by the menu or Back asks; Stay keeps the typed value', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await menuItems(page).filter({ hasText: 'Variables' }).click();
  const fare = page.getByLabel('FARE');
  await expect(fare).not.toHaveValue('');
  await fare.fill('0.07');
  await menuItems(page).filter({ hasText: 'Models' }).click();
  const dialog = page.getByRole('alertdialog', { name: LEAVE });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/variables$/);
  await expect(fare).toHaveValue('0.07');

  await page.goBack();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await expect(page.getByText('WELCOME')).toBeVisible();
});

test('at 1280 × 800 the models list keeps its header and the Edit links in view', async ({ page, adminApi }) => {
  const models = Array.from({ length: 40 }, (_, index) => ({ name: `Desk-Model-With-A-Long-Name-${index + 1}`, kw: 3.5, usd: 1234.5 }));
  await seedCatalogue(adminApi, 'Desk', models);
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/models?search=Desk-Model');
  const table = page.getByRole('table', { name: 'Models' });
  await expect(table.getByRole('cell', { name: 'Desk-Model-With-A-Long-Name-40', exact: true })).toBeVisible();
  await page.mouse.wheel(0, 1200);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(600);

  const header = await table.getByRole('columnheader', { name: 'Cost' }).boundingBox();
  expect(header && header.y >= 0 && header.y < 60).toBe(true);
  const viewport = page.viewportSize()!;
  const lastEdit = table.getByRole('link', { name: 'Edit' }).last();
  await lastEdit.scrollIntoViewIfNeeded();
  const edit = await lastEdit.boundingBox();
  expect(edit && edit.x >= 0 && edit.x + edit.width <= viewport.width).toBe(true);
  expect(await page.evaluate(() => window.scrollX)).toBe(0);
  // Figures line up on the right.
  expect(
    await table
      .getByRole('cell', { name: '$1,234.50' })
      .first()
      .evaluate((cell) => getComputedStyle(cell.closest('td')!).textAlign),
  ).toBe('right');
});
