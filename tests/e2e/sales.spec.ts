import type { Page } from '@playwright/test';
import { columnHeaders, expect, menuItems, signIn, test } from './support/fixtures.ts';
import { seedCatalogue, setVariables } from './support/catalogue.ts';

// A sales clerk quoting a customer: narrows the price table by text and by brand, pages through
// it, and a reload (or a link sent to a colleague) shows the same rows.

const SALES = { name: 'Saad Sales', username: 'saad.sales', password: 'sells-all-day-1' };
const BIG_RANGE = Array.from({ length: 34 }, (_, index) => ({
  name: `Breeze ${String(index + 1).padStart(2, '0')}`,
  kw: 2.5,
  usd: 400 + index,
}));
const SMALL_RANGE = [
  { name: 'Frost 01', kw: 3.5, usd: 50 },
  { name: 'Frost 02', kw: 5.2, usd: 650 },
];

const modelNames = async (page: Page) => page.getByRole('row').locator('td:nth-child(2)').allTextContents();

test('a sales clerk filters by text and brand, pages with ?page= and a reload keeps the rows', async ({ page, adminApi }) => {
  await seedCatalogue(adminApi, 'Breeze', BIG_RANGE);
  await seedCatalogue(adminApi, 'Frost', SMALL_RANGE);
  await setVariables(adminApi, { tr: '3.517', exch: '281.15', fare: '0.05', duties: '0.20', profit: '0.15' });
  await adminApi.call('users/add-user', { ...SALES, roleId: 3 });

  await signIn(page, SALES.username, SALES.password);
  await menuItems(page).filter({ hasText: 'Models' }).click();

  await test.step('sees only Series, Model, Capacity-KW and Total', async () => {
    await expect(page.getByRole('cell', { name: 'Frost 01', exact: true })).toBeVisible();
    expect(await columnHeaders(page)).toEqual(['Series', 'Model', 'Capacity-KW', 'Total']);
    const frost = page.getByRole('row', { name: /Frost 01/ });
    // The half-way case of the admin's journey: 50 USD at 281.15 totals 20,209.
    await expect(frost.getByRole('cell')).toHaveText(['Frost Series', 'Frost 01', '3.5', '20,209']);
  });

  await test.step('filters by text', async () => {
    await page.getByLabel('Search').fill('frost');
    await expect(page).toHaveURL(/search=frost/);
    await expect.poll(() => modelNames(page)).toEqual(['Frost 01', 'Frost 02']);
    await expect(page.getByText('Showing 1 to 2 of 2 entries')).toBeVisible();
    await page.getByLabel('Search').fill('');
    await expect(page).not.toHaveURL(/search=/);
  });

  await test.step('filters by brand and pages through with ?page=', async () => {
    await page.getByLabel('Brand').selectOption({ label: 'Breeze Brand' });
    // The brand goes to the server by id, whatever the role (docs/design.md §7.1).
    await expect(page).toHaveURL(/brandId=\d+/);
    await page.getByLabel('Show Entries').selectOption('30');
    await expect(page.getByText('Showing 1 to 30 of 34 entries')).toBeVisible();
    expect(await modelNames(page)).toEqual(BIG_RANGE.slice(0, 30).map((model) => model.name));

    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText('Showing 31 to 34 of 34 entries')).toBeVisible();
    const secondPage = BIG_RANGE.slice(30).map((model) => model.name);
    expect(await modelNames(page)).toEqual(secondPage);

    await page.reload();
    await expect(page.getByText('Showing 31 to 34 of 34 entries')).toBeVisible();
    expect(await modelNames(page)).toEqual(secondPage);
    await expect(page.getByLabel('Brand').locator('option:checked')).toHaveText('Breeze Brand');

    await page.getByRole('link', { name: 'First page' }).click();
    await expect(page.getByText('Showing 1 to 30 of 34 entries')).toBeVisible();
  });
});
