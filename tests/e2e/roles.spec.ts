import type { Page } from '@playwright/test';
import { ADMIN, columnHeaders, expect, FALLBACK, menuItems, signIn, test } from './support/fixtures.ts';
import { seedCatalogue } from './support/catalogue.ts';

// The admin hires a manager and a sales clerk through the Users screen; each then sees exactly
// the menu and the price-list columns of docs/product.md §6, and nothing above their level.

const PASSWORD = 'started-today-1';

const people = [
  {
    name: 'Nadia Manager',
    username: 'nadia.roles',
    role: 'Manager',
    menu: ['Dashboard', 'Add Stock', 'Remove Stock', 'Models', 'Pricing History', 'Quotes'],
    // The first header is the page's checkbox (docs/design.md §8.1), a control with no text.
    columns: ['', 'Series', 'Model', 'Capacity-KW', 'Total', 'Quantity', 'Actions'],
    denied: [
      '/variables',
      '/series',
      '/series/add-new-series',
      '/brands',
      '/users/add-new-user',
      '/models/add-new-model',
      '/models/import',
      '/audit',
    ],
  },
  {
    name: 'Sami Sales',
    username: 'sami.roles',
    role: 'Sales',
    menu: ['Dashboard', 'Models', 'Quotes'],
    columns: ['', 'Series', 'Model', 'Capacity-KW', 'Total'],
    denied: [
      '/models/add-stock',
      '/models/remove-stock',
      '/models/log-model/1',
      '/variables',
      '/variables/history',
      '/brands/add-new-brand',
      '/users',
      '/audit',
    ],
  },
];

async function addUser(page: Page, person: (typeof people)[number]) {
  await page.getByRole('link', { name: 'Add User' }).click();
  await page.getByLabel('Name', { exact: true }).fill(person.name);
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Role').selectOption({ label: person.role });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert')).toContainText('User added successfully.');
  await page.goBack();
}

test('each role sees exactly its menu, its columns and the fallback above its level', async ({ page, browser, baseURL, adminApi }) => {
  await seedCatalogue(adminApi, 'Roles');

  await signIn(page, ADMIN.username, ADMIN.password);
  // docs/design.md §7's items come after docs/product.md's, Remove Stock right after Add Stock.
  await expect(menuItems(page)).toHaveText([
    'Dashboard',
    'Add Stock',
    'Remove Stock',
    'Models',
    'Series',
    'Variables',
    'Brands',
    'Users',
    'Pricing History',
    'Audit Log',
    'Settings',
    'Quotes',
  ]);
  await menuItems(page).filter({ hasText: 'Users' }).click();
  for (const person of people) await addUser(page, person);
  await page.getByLabel('Search').fill('roles');
  for (const person of people) await expect(page.getByRole('row', { name: new RegExp(person.username) })).toContainText(person.role);

  for (const person of people) {
    await test.step(person.role, async () => {
      const context = await browser.newContext({ baseURL });
      const own = await context.newPage();
      await signIn(own, person.username, PASSWORD);
      await expect(own.getByRole('banner')).toContainText(person.name);
      await expect(menuItems(own)).toHaveText(person.menu);

      await menuItems(own).filter({ hasText: 'Models' }).click();
      // Found by the search box: the other journeys' catalogues come first, past the rows drawn at once.
      await own.getByRole('searchbox', { name: 'Search' }).fill('Roles Model');
      await expect(own.getByRole('cell', { name: 'Roles Model', exact: true })).toBeVisible();
      expect(await columnHeaders(own)).toEqual(person.columns);
      await expect(own.getByRole('link', { name: 'Edit' })).toHaveCount(0);
      await expect(own.getByRole('link', { name: 'Add Model' })).toHaveCount(0);
      await expect(own.getByRole('textbox', { name: 'EXCH', exact: true })).toHaveCount(person.role === 'Manager' ? 1 : 0);

      for (const path of person.denied) {
        await own.goto(path);
        await expect(own.getByText(FALLBACK)).toBeVisible();
        await expect(own.locator('main').locator('form, table')).toHaveCount(0);
      }
      await context.close();
    });
  }
});
