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
