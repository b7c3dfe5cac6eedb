import { ADMIN, expect, menuItems, modelRow, signIn, test } from './support/fixtures.ts';
import { seedCatalogue, setVariables } from './support/catalogue.ts';

// docs/design.md §7.2: a manager previews a new rate on the price list before applying it, takes it
// back with Undo, and finds both changes, with their name, on the Pricing History screen; an admin
// then finds the manager's sign-in, the update and the undo in the Audit Log.

const MANAGER = { name: 'Hira Historian', username: 'hira.history', password: 'keeps-rates-1' };

test('a manager previews a rate, applies it, undoes it, and reads both changes in Pricing History', async ({
  page,
  adminApi,
  browser,
  baseURL,
}) => {
  await seedCatalogue(adminApi, 'Previewed', [{ name: 'PV-09 Split', kw: 2.6, usd: 50 }]);
  await setVariables(adminApi, { tr: '3.517', exch: '281.15', fare: '0.05', duties: '0.20', profit: '0.15' });
  await adminApi.call('users/add-user', { ...MANAGER, roleId: 2 });

  await signIn(page, MANAGER.username, MANAGER.password);
  await menuItems(page).filter({ hasText: 'Models' }).click();
  await page.getByLabel('Search').fill('Previewed');
  await expect(page).toHaveURL(/search=Previewed/);
  const exch = page.getByRole('textbox', { name: 'EXCH', exact: true });

  await test.step("typing a rate shows 'Total at <rate>' beside Total; restoring it removes the column", async () => {
    await exch.fill('300');
    await expect(page.getByRole('columnheader', { name: 'Total at 300' })).toBeVisible();
    // At 281.15 the total is 20,209; at 300 it is 21,563 (worked out in the manager's journey).
    const row = await modelRow(page, 'PV-09 Split');
    expect(row['Total']).toBe('20,209');
    expect(row['Total at 300']).toBe('21,563');
    await exch.fill('281.15');
    await expect(page.getByRole('columnheader', { name: /^Total at/ })).toHaveCount(0);
  });

  await test.step('Update applies it, and Undo puts the old rate back', async () => {
    await exch.fill('300');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByRole('alert')).toContainText('Exchange rate updated successfully.');
    await expect(page.getByRole('columnheader', { name: /^Total at/ })).toHaveCount(0);
    await expect.poll(async () => (await modelRow(page, 'PV-09 Split'))['Total']).toBe('21,563');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(exch).toHaveValue('281.15');
    await expect.poll(async () => (await modelRow(page, 'PV-09 Split'))['Total']).toBe('20,209');
  });

  await test.step('Pricing History lists both changes, newest first, with who made them', async () => {
    await page.getByRole('link', { name: 'History', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Pricing History' })).toBeVisible();
    const rows = page.getByRole('table', { name: 'Pricing History' }).getByRole('row');
    const cells = async (index: number) => (await rows.nth(index).getByRole('cell').allTextContents()).map((text) => text.trim());
    await expect.poll(async () => (await cells(1)).slice(0, 4)).toEqual(['EXCH', '300', '281.15', MANAGER.name]);
    expect((await cells(2)).slice(0, 4)).toEqual(['EXCH', '281.15', '300', MANAGER.name]);
  });

  await test.step("an admin finds the manager's sign-in, the update and the undo in the Audit Log", async () => {
    const context = await browser.newContext({ baseURL });
    const admin = await context.newPage();
    await signIn(admin, ADMIN.username, ADMIN.password);
    await admin.goto('/audit?action=variables.update');
    const log = admin.getByRole('table', { name: 'Audit Log' });
    const cells = async (index: number) =>
      (await log.getByRole('row').nth(index).getByRole('cell').allTextContents()).map((text) => text.trim());
    await expect.poll(async () => (await cells(1)).slice(1)).toEqual([MANAGER.name, 'variables.update', 'Variables', 'EXCH: 300 → 281.15']);
    expect((await cells(2)).slice(1)).toEqual([MANAGER.name, 'variables.update', 'Variables', 'EXCH: 281.15 → 300']);
    await admin.goto('/audit?action=auth.login');
    await expect(log.getByRole('row', { name: new RegExp(MANAGER.name) }).first()).toBeVisible();
    await context.close();
  });
});
