import { ADMIN, expect, expectAccessible, modelRow, signIn, test } from './support/fixtures.ts';
import { seedCatalogue } from './support/catalogue.ts';

// docs/design.md §8.4: an admin narrows the list to a brand of their own, raises every model of it
// by 4 %, reads the preview, applies it, and finds the new prices and one audit entry per model.

test('an admin raises a brand by 4 %: preview, apply, the new prices and their audit entries', async ({ page, adminApi }) => {
  const prefix = `Bulk${Date.now().toString(36)}`;
  const { brandName } = await seedCatalogue(adminApi, prefix, [
    { name: `${prefix}-A`, kw: 3.5, usd: 50 },
    { name: `${prefix}-B`, kw: 5.3, usd: 12.5 },
    { name: `${prefix}-C`, usd: 725.5 },
  ]);

  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/models');
  await page.getByLabel('Brand', { exact: true }).selectOption({ label: brandName });
  await page.getByRole('button', { name: 'Edit all 3 matching' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit all 3 matching' });

  await test.step('the preview shows each new price and writes nothing', async () => {
    await dialog.getByLabel('Price change').selectOption({ label: 'By percent (%)' });
    await dialog.getByLabel('Value').fill('4');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect(dialog.getByRole('list', { name: 'Summary' })).toHaveText(/Update: 3.*Unchanged: 0.*Error: 0/);
    // 12.50 + 4 % is 13.00; 725.50 + 4 % is 754.52.
    await expect(dialog.getByRole('cell', { name: 'Price USD: $12.50 → $13.00' })).toBeVisible();
    await expect(dialog.getByRole('cell', { name: 'Price USD: $725.50 → $754.52' })).toBeVisible();
    await expectAccessible(page);
  });

  await test.step('Apply writes them, and the list shows the new prices', async () => {
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('alert')).toContainText('3 models updated.');
    await expect(dialog).toBeHidden();
    await expect.poll(async () => (await modelRow(page, `${prefix}-A`))['Price USD']).toBe('$52.00');
    expect(await modelRow(page, `${prefix}-B`)).toMatchObject({ 'Price USD': '$13.00' });
    expect(await modelRow(page, `${prefix}-C`)).toMatchObject({ 'Price USD': '$754.52' });
  });

  await test.step('one model.update entry per model', async () => {
    const audit = await adminApi.call<{ tableData: { data: { entityName: string; changes: Record<string, unknown> }[] } }>('audit', {
      filters: { action: 'model.update' },
      per_page: 500,
    });
    const ours = audit.tableData.data.filter((entry) => entry.entityName.startsWith(prefix));
    expect(ours.map((entry) => entry.entityName).sort()).toEqual([`${prefix}-A`, `${prefix}-B`, `${prefix}-C`]);
    expect(ours.find((entry) => entry.entityName === `${prefix}-A`)!.changes).toEqual({ modelPriceUsd: [50, 52] });
  });
});

test.describe('at 390 px, by keyboard', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('Edit selected opens the dialog at Cancel; Escape with fields filled asks first, Stay keeps them', async ({ page, adminApi }) => {
    const prefix = `BulkPhone${Date.now().toString(36)}`;
    const { brandName, seriesName } = await seedCatalogue(adminApi, prefix, [{ name: `${prefix}-A`, usd: 40 }]);
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.goto(`/models?search=${prefix}`);
    await page.getByRole('checkbox', { name: `Select ${brandName} ${seriesName} ${prefix}-A` }).check();
    await page.getByRole('button', { name: 'Edit selected' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Edit selected' });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();

    await dialog.getByLabel('Price change').selectOption({ label: 'Set to (USD)' });
    await dialog.getByLabel('Value').fill('41.5');
    await dialog.getByLabel('Value').press('Enter');
    await expect(dialog.getByRole('cell', { name: 'Price USD: $40.00 → $41.50' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);

    await page.keyboard.press('Escape');
    const question = page.getByRole('alertdialog', { name: 'Leave without saving? Your changes will be lost.' });
    await expect(question.getByRole('button', { name: 'Stay' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(question).toBeHidden();
    await expect(dialog.getByLabel('Value')).toHaveValue('41.5');
    await page.keyboard.press('Escape');
    await question.getByRole('button', { name: 'Leave' }).press('Enter');
    await expect(dialog).toBeHidden();
  });
});
