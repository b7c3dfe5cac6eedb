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

// The first column is the selection's checkbox (docs/design.md §8.1), so the model is the third.
const modelNames = async (page: Page) => page.getByRole('row').locator('td:nth-child(3)').allTextContents();

test('a sales clerk filters by text and brand, pages with ?page= and a reload keeps the rows', async ({ page, adminApi }) => {
  await seedCatalogue(adminApi, 'Breeze', BIG_RANGE);
  await seedCatalogue(adminApi, 'Frost', SMALL_RANGE);
  await setVariables(adminApi, { tr: '3.517', exch: '281.15', fare: '0.05', duties: '0.20', profit: '0.15' });
  await adminApi.call('users/add-user', { ...SALES, roleId: 3 });

  await signIn(page, SALES.username, SALES.password);
  await menuItems(page).filter({ hasText: 'Models' }).click();

  await test.step('sees only Series, Model, Capacity-KW and Total, after the selection column', async () => {
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    expect(await columnHeaders(page)).toEqual(['', 'Series', 'Model', 'Capacity-KW', 'Total']);
  });

  await test.step('filters by text', async () => {
    await page.getByLabel('Search').fill('frost');
    await expect(page).toHaveURL(/search=frost/);
    await expect.poll(() => modelNames(page)).toEqual(['Frost 01', 'Frost 02']);
    await expect(page.getByText('Showing 1 to 2 of 2 entries')).toBeVisible();
    // Found by the search: the whole list (every journey's models) may be long enough that only the
    // rows on screen are drawn. The half-way case of the admin's journey: 50 USD at 281.15 totals 20,209.
    const frost = page.getByRole('row', { name: /Frost 01/ });
    await expect(frost.getByRole('cell')).toHaveText(['', 'Frost Series', 'Frost 01', '3.5', '20,209']);
    await page.getByLabel('Search').fill('');
    await expect(page).not.toHaveURL(/search=/);
  });

  await test.step('filters by brand and pages through with ?page=', async () => {
    await page.getByLabel('Brand', { exact: true }).selectOption({ label: 'Breeze Brand' });
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
    await expect(page.getByLabel('Brand', { exact: true }).locator('option:checked')).toHaveText('Breeze Brand');

    await page.getByRole('link', { name: 'First page' }).click();
    await expect(page.getByText('Showing 1 to 30 of 34 entries')).toBeVisible();
  });
});

const SORTING_SALES = { name: 'Sana Sales', username: 'sana.sales', password: 'sorts-all-day-1' };
// Totals rise with the price, one price per model.
const GUST_RANGE = BIG_RANGE.map((model) => ({ ...model, name: model.name.replace('Breeze', 'Gust') }));

test('a sales clerk sorts a brand by Total, reloads, and exports the same rows in the same order', async ({ page, adminApi }) => {
  // Its own brands and user: the suite's server is shared by every journey.
  await seedCatalogue(adminApi, 'Gust', GUST_RANGE);
  await seedCatalogue(
    adminApi,
    'Calm',
    SMALL_RANGE.map((model) => ({ ...model, name: model.name.replace('Frost', 'Calm') })),
  );
  await setVariables(adminApi, { tr: '3.517', exch: '281.15', fare: '0.05', duties: '0.20', profit: '0.15' });
  await adminApi.call('users/add-user', { ...SORTING_SALES, roleId: 3 });

  await signIn(page, SORTING_SALES.username, SORTING_SALES.password);
  await menuItems(page).filter({ hasText: 'Models' }).click();
  await page.getByLabel('Brand', { exact: true }).selectOption({ label: 'Gust Brand' });
  await expect(page.getByText('Showing 1 to 34 of 34 entries')).toBeVisible();

  const total = page.getByRole('columnheader', { name: 'Total' });
  await total.getByRole('button', { name: 'Total' }).click();
  await expect(total).toHaveAttribute('aria-sort', 'ascending');
  await total.getByRole('button', { name: 'Total' }).click();
  await expect(total).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/sort=price\.desc/);
  const expected = [...GUST_RANGE].reverse().map((model) => model.name);
  await expect.poll(() => modelNames(page)).toEqual(expected);

  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'Total' })).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => modelNames(page)).toEqual(expected);
  const totals = await page.getByRole('row').locator('td:nth-child(5)').allTextContents();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^models-\d{4}-\d{2}-\d{2}\.csv$/);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = bytes.subarray(3).toString('utf8').split('\r\n').slice(0, -1);
  expect(header).toBe('Brand,Series,Model,Capacity-KW,Total');
  expect(rows.map((row) => row.split(',')[2])).toEqual(expected);
  expect(rows.map((row) => row.split(',')[4])).toEqual(totals.map((text) => text.replaceAll(',', '')));
  expect(rows.every((row) => row.startsWith('Gust Brand,Gust Series,'))).toBe(true);
});
