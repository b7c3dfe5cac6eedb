import { expect, FALLBACK, menuItems, modelRow, signIn, stockModelPicker, test } from './support/fixtures.ts';
import { seedCatalogue, setVariables } from './support/catalogue.ts';

// A manager's morning: the rate moved, so they bump EXCH from the price list and every figure
// follows at once; then a delivery comes in and they add it to stock; an order goes out, they
// remove it with its order number, and the model, now below its minimum, shows as low.

const MANAGER = { name: 'Maryam Manager', username: 'maryam.manager', password: 'manages-stock-1' };
const models = [
  { name: 'MG-09 Split', kw: 2.6, usd: 50 },
  { name: 'MG-24 Split', kw: 7, usd: 1234.56, minStock: 10 },
  { name: 'MG Bracket', usd: 999.99 },
];

test('a manager bumps EXCH and every figure follows without a reload, adds and removes stock, finds low stock, and cannot edit', async ({
  page,
  adminApi,
}) => {
  const { modelIds } = await seedCatalogue(adminApi, 'Managed', models);
  await setVariables(adminApi, { tr: '3.517', exch: '281.15', fare: '0.05', duties: '0.20', profit: '0.15' });
  await adminApi.call('users/add-user', { ...MANAGER, roleId: 2 });

  await signIn(page, MANAGER.username, MANAGER.password);
  await menuItems(page).filter({ hasText: 'Models' }).click();
  await page.getByLabel('Search').fill('Managed');
  await expect(page).toHaveURL(/search=Managed/);

  await test.step('EXCH 281.15 → 300 recomputes every total in place', async () => {
    // Totals by hand at 281.15 (see the admin's journey) and at 300: 50 × 300 = 15,000, fare 750,
    // duties 3,000, cost 18,750, profit 2,812.5 → 2,813 (half-way again), total 21,563.
    const before = { 'MG-09 Split': '20,209', 'MG-24 Split': '4,98,952', 'MG Bracket': '4,04,148' };
    const after = { 'MG-09 Split': '21,563', 'MG-24 Split': '5,32,404', 'MG Bracket': '4,31,245' };
    for (const [model, total] of Object.entries(before)) expect((await modelRow(page, model))['Total']).toBe(total);

    const listCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/models') listCalls.push(request.url());
    });
    // A full reload would lose this mark.
    await page.evaluate(() => ((window as unknown as { journeyMark: number }).journeyMark = 1));

    const exch = page.getByRole('textbox', { name: 'EXCH', exact: true });
    await expect(exch).toHaveValue('281.15');
    await exch.fill('300');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByRole('alert')).toContainText('Exchange rate updated successfully.');
    for (const [model, total] of Object.entries(after)) await expect.poll(async () => (await modelRow(page, model))['Total']).toBe(total);

    expect(await page.evaluate(() => (window as unknown as { journeyMark?: number }).journeyMark)).toBe(1);
    expect(listCalls, 'the list is not fetched again').toEqual([]);
  });

  await test.step('adds stock after the confirm; the list and the log show it', async () => {
    await menuItems(page).filter({ hasText: 'Add Stock' }).click();
    await (await stockModelPicker(page, 'Add Stock')).selectOption({ label: 'MG-24 Split (Managed Series)' });
    await page.getByLabel('Quantity').fill('12');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toContainText('Stock added successfully.');
    await expect(page.getByLabel('Quantity')).toHaveValue('');

    await page.goto('/models?search=Managed');
    expect((await modelRow(page, 'MG-24 Split'))['Quantity']).toBe('12');
    await page
      .getByRole('row', { name: /MG-24 Split/ })
      .getByRole('link', { name: 'Logs' })
      .click();
    const log = page.getByRole('table', { name: 'Stock Logs' }).getByRole('row').nth(1);
    await expect(log.getByRole('cell').nth(0)).toHaveText('12');
    await expect(log.getByRole('cell').nth(1)).toHaveText(MANAGER.name);
  });

  await test.step('removes stock with a note after the confirm; the log shows it with its note', async () => {
    await menuItems(page).filter({ hasText: 'Remove Stock' }).click();
    await (await stockModelPicker(page, 'Remove Stock')).selectOption({ label: 'MG-24 Split (Managed Series)' });
    await expect(page.getByText('Current stock: 12')).toBeVisible();
    await page.getByLabel('Quantity').fill('5');
    await page.getByLabel('Note').fill('Order #4711');
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Are you sure you want to remove stock?');
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toContainText('Stock removed successfully.');

    await page.goto(`/models/log-model/${modelIds['MG-24 Split']}`);
    const log = page.getByRole('table', { name: 'Stock Logs' }).getByRole('row').nth(1);
    await expect(log.getByRole('cell').nth(0)).toHaveText('-5');
    await expect(log.getByRole('cell').nth(1)).toHaveText(MANAGER.name);
    await expect(log.getByRole('cell').nth(3)).toHaveText('Order #4711');
  });

  await test.step("finds the model, 7 of a minimum of 10, under 'Low stock only' and on the dashboard", async () => {
    await page.goto('/models?search=Managed');
    await page.getByRole('checkbox', { name: 'Low stock only' }).check();
    await expect(page).toHaveURL(/lowStock=1/);
    await expect(page.getByRole('cell', { name: 'MG-09 Split', exact: true })).toHaveCount(0);
    const row = page.getByRole('row', { name: /MG-24 Split/ });
    await expect(row.getByText('Low', { exact: true })).toBeVisible();

    await menuItems(page).filter({ hasText: 'Dashboard' }).click();
    await expect(page.getByText('WELCOME')).toBeVisible();
    const low = page.getByRole('region', { name: 'Low Stock' });
    await expect(low.getByRole('link', { name: 'MG-24 Split' })).toBeVisible();
    const moves = page.getByRole('region', { name: 'Recent Stock Moves' });
    await expect(moves.getByRole('row').nth(1)).toContainText('Order #4711');
  });

  await test.step('sees no Edit, and the edit screen by URL is the fallback', async () => {
    await page.goto('/models?search=Managed');
    await expect(page.getByRole('cell', { name: 'MG Bracket', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    await page.goto(`/models/edit-model/${modelIds['MG Bracket']}`);
    await expect(page.getByText(FALLBACK)).toBeVisible();
    await expect(page.getByLabel('Model Name')).toHaveCount(0);
  });
});
