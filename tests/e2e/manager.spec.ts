import { expect, FALLBACK, menuItems, modelRow, signIn, test } from './support/fixtures.ts';
import { seedCatalogue, setVariables } from './support/catalogue.ts';

// A manager's morning: the rate moved, so they bump EXCH from the price list and every figure
// follows at once; then a delivery comes in and they add it to stock.

const MANAGER = { name: 'Maryam Manager', username: 'maryam.manager', password: 'manages-stock-1' };
const models = [
  { name: 'MG-09 Split', kw: 2.6, usd: 50 },
  { name: 'MG-24 Split', kw: 7, usd: 1234.56 },
  { name: 'MG Bracket', usd: 999.99 },
];

test('a manager bumps EXCH and every figure follows without a reload, adds stock, and cannot edit', async ({ page, adminApi }) => {
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
    await page.getByLabel('Model').selectOption({ label: 'MG-24 Split (Managed Series)' });
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

  await test.step('sees no Edit, and the edit screen by URL is the fallback', async () => {
    await page.goto('/models?search=Managed');
    await expect(page.getByRole('cell', { name: 'MG Bracket', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    await page.goto(`/models/edit-model/${modelIds['MG Bracket']}`);
    await expect(page.getByText(FALLBACK)).toBeVisible();
    await expect(page.getByLabel('Model Name')).toHaveCount(0);
  });
});
