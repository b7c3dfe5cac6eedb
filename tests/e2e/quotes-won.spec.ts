import { expect, expectAccessible, modelRow, signIn, test } from './support/fixtures.ts';
import { seedCatalogue } from './support/catalogue.ts';
import { backdateQuote } from './support/database.ts';
import { tabTo } from './support/keyboard.ts';
import { sendQuote } from './support/quotes.ts';

// A customer says yes after the quote's date: the quote shows as expired (docs/design.md §8.1),
// a manager may still win it, and with 'Take the models out of stock' every line leaves stock at
// once, each move in the model's log under the quote's label.

const SALES = { name: 'Wajid Sales', username: 'wajid.sales', password: 'wins-late-deals-1' };
const MANAGER = { name: 'Warda Manager', username: 'warda.manager', password: 'wins-expired-1' };

test('a manager wins an expired quote with stock out: the stock falls by the quantities and the logs name the quote', async ({
  page,
  database,
  adminApi,
  apiAs,
}) => {
  const { modelIds } = await seedCatalogue(adminApi, 'Winning', [
    { name: 'WN-12 Split', kw: 3.5, usd: 50 },
    { name: 'WN-18 Split', kw: 5.2, usd: 60 },
  ]);
  await adminApi.call('models/add-stock', { id: modelIds['WN-12 Split'], modelQuantity: 10 });
  await adminApi.call('models/add-stock', { id: modelIds['WN-18 Split'], modelQuantity: 5 });
  await adminApi.call('users/add-user', { ...SALES, roleId: 3 });
  await adminApi.call('users/add-user', { ...MANAGER, roleId: 2 });
  const { businessTimeZone } = (await adminApi.call<{ settings: { businessTimeZone: string } }>('settings')).settings;
  const sales = await apiAs(SALES.username, SALES.password);
  const { id, label } = await sendQuote(sales, 'Late Yes Traders', [
    { modelId: modelIds['WN-12 Split']!, qty: 3 },
    { modelId: modelIds['WN-18 Split']!, qty: 2 },
  ]);
  await backdateQuote(database, id, businessTimeZone);

  await signIn(page, MANAGER.username, MANAGER.password);

  await test.step("finds it under the status 'Expired'", async () => {
    await page.goto('/quotes');
    await page.getByLabel('Status').selectOption({ label: 'Expired' });
    await expect(page).toHaveURL(/status=expired/);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: label, exact: true }) });
    await expect(row).toContainText('Late Yes Traders');
    await expect(row).toContainText('Expired');
    await expectAccessible(page);
    await row.getByRole('link', { name: label }).click();
  });

  await test.step('the quote page shows it expired, with the stock of each line', async () => {
    await expect(page.getByRole('heading', { name: label })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: 'Expired' })).toBeVisible();
    await expect(page.getByText('In stock: 10')).toBeVisible();
    await expect(page.getByText('In stock: 5')).toBeVisible();
    await expectAccessible(page);
  });

  await test.step('the Lost dialog asks for a reason; Cancel leaves the quote as it was', async () => {
    await page.getByRole('button', { name: 'Lost', exact: true }).click();
    const lost = page.getByRole('dialog', { name: `Mark ${label} as lost?` });
    await expect(lost.getByLabel('Reason')).toBeVisible();
    await expectAccessible(page);
    // Tab stays inside the dialog: from its last button it comes round to its first field.
    await tabTo(page, lost.getByRole('button', { name: 'Lost' }));
    await page.keyboard.press('Tab');
    await expect(lost.getByLabel('Reason')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(lost).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Lost', exact: true })).toBeFocused();
  });

  await test.step('wins it by keyboard, taking the models out of stock', async () => {
    await tabTo(page, page.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Won', exact: true }));
    await page.keyboard.press('Enter');
    const won = page.getByRole('dialog', { name: `Mark ${label} as won?` });
    await expect(won.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectAccessible(page);
    await tabTo(page, won.getByLabel('Take the models out of stock'), { backwards: true, max: 5 });
    await page.keyboard.press('Space');
    await expect(won.getByLabel('Take the models out of stock')).toBeChecked();
    await won.getByRole('button', { name: 'Won' }).click();
    await expect(page.getByRole('alert')).toContainText('Quote marked as won.');
    await expect(page.getByRole('definition').filter({ hasText: 'Won' })).toBeVisible();
    await expect(page.getByText('In stock: 7')).toBeVisible();
    await expect(page.getByText('In stock: 3')).toBeVisible();
  });

  await test.step("the models' stock fell by the quantities, each move logged under the quote's label", async () => {
    await page.goto('/models?search=Winning');
    expect((await modelRow(page, 'WN-12 Split'))['Quantity']).toBe('7');
    expect((await modelRow(page, 'WN-18 Split'))['Quantity']).toBe('3');
    for (const [model, moved] of [
      ['WN-12 Split', '-3'],
      ['WN-18 Split', '-2'],
    ] as const) {
      await page.goto(`/models/log-model/${modelIds[model]}`);
      const log = page.getByRole('table', { name: 'Stock Logs' }).getByRole('row').nth(1);
      await expect(log.getByRole('cell').nth(0)).toHaveText(moved);
      await expect(log.getByRole('cell').nth(1)).toHaveText(MANAGER.name);
      await expect(log.getByRole('cell').nth(3)).toHaveText(`Quote ${label}`);
    }
  });
});
