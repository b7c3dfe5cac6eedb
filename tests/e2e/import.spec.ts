import { ADMIN, expect, expectAccessible, modelRow, signIn, test } from './support/fixtures.ts';
import { seedCatalogue } from './support/catalogue.ts';
import { csvText, IMPORT_HEADER } from '#tests/support/import-files.ts';

// The admin imports a price list (docs/design.md §7.4): the first file has a mistake, the preview
// shows it, Apply changes nothing; the fixed file applies, and the models list shows the result.

test('an admin imports a file with an error, fixes it, applies it and sees the models', async ({ page, adminApi }) => {
  const prefix = `Imp${Date.now().toString(36)}`;
  const { brandName, seriesName } = await seedCatalogue(adminApi, prefix, [{ name: `${prefix}-A`, kw: 3.5, usd: 50 }]);
  const file = (price: string) => ({
    name: 'price-list.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      csvText([IMPORT_HEADER, [brandName, seriesName, `${prefix}-A`, '3.5', '64.25'], [brandName, seriesName, `${prefix}-B`, '', price]], {
        separator: ';',
        bom: true,
        newline: '\r\n',
      }),
    ),
  });

  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/models');
  await page.getByRole('link', { name: 'Import' }).click();
  await expect(page.getByRole('heading', { name: 'Import Models' })).toBeVisible();

  await test.step('the preview shows the row in error, and Apply changes nothing', async () => {
    await page.getByLabel('CSV File').setInputFiles(file('12,5'));
    const summary = page.getByRole('list', { name: 'Summary' });
    await expect(summary).toHaveText(/Create: 0.*Update: 1.*Unchanged: 0.*Error: 1/);
    await expect(page.getByText('Price USD: The price must be a number.')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByLabel('CSV File')).toHaveAccessibleDescription('The file has errors on 1 rows.');
  });

  await test.step('the fixed file applies', async () => {
    await page.getByLabel('CSV File').setInputFiles(file('12.5'));
    await expect(page.getByRole('list', { name: 'Summary' })).toHaveText(/Create: 1.*Update: 1.*Unchanged: 0.*Error: 0/);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('alert')).toContainText('1 models created, 1 updated.');
  });

  await test.step('the models list shows the imported prices', async () => {
    await page.goto(`/models?search=${prefix}`);
    expect(await modelRow(page, `${prefix}-A`)).toMatchObject({ 'Price USD': '$64.25' });
    expect(await modelRow(page, `${prefix}-B`)).toMatchObject({ 'Price USD': '$12.50', Quantity: '0' });
  });
});
