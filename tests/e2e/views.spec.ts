import type { Download, Page } from '@playwright/test';
import { columnHeaders, expect, expectAccessible, signIn, test } from './support/fixtures.ts';
import { seedCatalogue } from './support/catalogue.ts';

// Each person's list (docs/design.md §8.4): views kept on the server follow their user to another
// browser, a manager's shared view shows a salesperson their own columns only, the default view
// opens on the list's plain address, and a hidden column is left out of print and export.

const SALES = { name: 'Vera Views', username: 'vera.views', password: 'saves-views-1' };
const MANAGER = { name: 'Mansoor Views', username: 'mansoor.views', password: 'shares-views-1' };
const SHARED_SALES = { name: 'Sana Views', username: 'sana.views', password: 'applies-views-1' };
const MODELS = [
  { name: 'VG-12 Split', kw: 3.5, usd: 50 },
  { name: 'VG-18 Split', kw: 5.2, usd: 60 },
];

/** The column titles of the models table but the selection's (no title) and the actions. */
const titles = async (page: Page) => (await columnHeaders(page)).filter((title) => title !== '' && title !== 'Actions');

async function saveView(page: Page, name: string, options: { shared?: boolean; isDefault?: boolean } = {}) {
  await page.getByRole('button', { name: 'Views ▾', exact: true }).click();
  await page.getByRole('group', { name: 'Views' }).getByRole('button', { name: 'Save view…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save view' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  if (options.shared) await dialog.getByRole('checkbox', { name: 'Shared' }).check();
  if (options.isDefault) await dialog.getByRole('checkbox', { name: 'Default' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('View saved successfully.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

async function hideColumn(page: Page, title: string) {
  await page.getByRole('button', { name: 'Columns ▾', exact: true }).click();
  await page.getByRole('group', { name: 'Columns' }).getByRole('checkbox', { name: title }).uncheck();
  await page.keyboard.press('Escape');
}

async function csvHeader(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).subarray(3).toString('utf8').split('\r\n')[0]!;
}

test("a salesperson saves 'Gree 1.5 ton', finds it in another browser, and prints and exports only what it shows", async ({
  page,
  browser,
  baseURL,
  adminApi,
}) => {
  const { brandId } = await seedCatalogue(adminApi, 'Viewgree', MODELS);
  await adminApi.call('users/add-user', { ...SALES, roleId: 3 });
  await signIn(page, SALES.username, SALES.password);
  await page.goto(`/models?brandId=${brandId}`);
  await expect(page.getByRole('cell', { name: 'VG-18 Split', exact: true })).toBeVisible();
  await hideColumn(page, 'Capacity-KW');
  await expect.poll(() => titles(page)).toEqual(['Series', 'Model', 'Total']);
  await saveView(page, 'Gree 1.5 ton');

  await test.step('another browser, the same salesperson: the view is there and applies its search and columns', async () => {
    const context = await browser.newContext({ baseURL });
    const other = await context.newPage();
    await signIn(other, SALES.username, SALES.password);
    await other.goto('/models');
    await other.getByRole('button', { name: 'Views ▾', exact: true }).click();
    await other.getByRole('group', { name: 'Views' }).getByRole('button', { name: 'Gree 1.5 ton', exact: true }).click();
    await expect(other).toHaveURL(new RegExp(`brandId=${brandId}`));
    await expect(other.getByRole('cell', { name: 'VG-18 Split', exact: true })).toBeVisible();
    await expect.poll(() => titles(other)).toEqual(['Series', 'Model', 'Total']);
    await expectAccessible(other);
    await context.close();
  });

  await test.step('the printed sheet leaves the hidden column out', async () => {
    await page.emulateMedia({ media: 'print' });
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    const table = page.getByRole('table', { name: 'Models' });
    await expect(table.getByRole('columnheader', { name: 'Capacity-KW' })).toHaveCount(0);
    await expect(table.getByRole('columnheader', { name: 'Total' })).toBeVisible();
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await page.emulateMedia({ media: 'screen' });
  });

  await test.step('the export file has the columns shown, Brand first', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
    expect(await csvHeader(download)).toBe('Brand,Series,Model,Total');
  });
});

test('a manager shares a view; a salesperson applies it and sees their own columns only; a default opens on the plain address', async ({
  page,
  browser,
  baseURL,
  adminApi,
}) => {
  const { brandId } = await seedCatalogue(
    adminApi,
    'Viewshare',
    MODELS.map((model) => ({ ...model, name: model.name.replace('VG', 'VS') })),
  );
  await adminApi.call('users/add-user', { ...MANAGER, roleId: 2 });
  await adminApi.call('users/add-user', { ...SHARED_SALES, roleId: 3 });
  await signIn(page, MANAGER.username, MANAGER.password);
  await page.goto(`/models?brandId=${brandId}&sort=price.desc`);
  await expect(page.getByRole('cell', { name: 'VS-18 Split', exact: true })).toBeVisible();
  await hideColumn(page, 'Series');
  await hideColumn(page, 'Capacity-KW');
  await expect.poll(() => titles(page)).toEqual(['Model', 'Total', 'Quantity']);
  await saveView(page, 'Viewshare stock', { shared: true });

  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const sales = await context.newPage();
  await signIn(sales, SHARED_SALES.username, SHARED_SALES.password);
  await test.step("the salesperson applies the manager's view: Model and Total, no Quantity", async () => {
    await sales.goto('/models');
    await sales.getByRole('button', { name: 'Views ▾', exact: true }).click();
    await sales
      .getByRole('group', { name: 'Views' })
      .getByRole('button', { name: `Viewshare stock (shared by ${MANAGER.name})` })
      .click();
    await expect(sales).toHaveURL(/sort=price\.desc/);
    await expect.poll(() => titles(sales)).toEqual(['Model', 'Total']);
  });

  await test.step('a default view opens on the bare /models', async () => {
    await saveView(sales, 'Viewshare default', { isDefault: true });
    await sales.goto('/models');
    await expect(sales).toHaveURL(new RegExp(`brandId=${brandId}`));
    await expect(sales.getByRole('cell', { name: 'VS-12 Split', exact: true })).toBeVisible();
    await expect.poll(() => titles(sales)).toEqual(['Model', 'Total']);
  });

  await test.step('at 390 px, by keyboard: Views and Columns open, stay on the screen and pass axe', async () => {
    await sales.setViewportSize({ width: 390, height: 844 });
    const views = sales.getByRole('button', { name: 'Views ▾', exact: true });
    await views.focus();
    await sales.keyboard.press('Enter');
    const group = sales.getByRole('group', { name: 'Views' });
    await expect(group.getByRole('button', { name: 'Viewshare default (default)' })).toBeVisible();
    const box = (await group.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await expectAccessible(sales);
    await sales.keyboard.press('Escape');
    await expect(views).toBeFocused();
  });
  await context.close();
});
