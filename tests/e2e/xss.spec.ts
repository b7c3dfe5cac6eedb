import { expect, signIn, stockModelPicker, test } from './support/fixtures.ts';
import { seedCatalogue } from './support/catalogue.ts';

// Names are data, never markup: a name that is an HTML payload is shown as its own text on every
// screen that shows it, and no script runs (the fixture fails the test on any alert dialog).

const PAYLOAD = '<img src=x onerror=alert(1)>';
const SCRIPT = '"><script>window.injected=1</script>';
const HOSTILE = { name: `Eve ${PAYLOAD}`, username: 'eve.payload', password: 'not-a-hacker-1' };

test('names made of HTML are shown as text on every screen, and no script runs', async ({ page, adminApi }) => {
  const { brandId, seriesId, modelIds } = await seedCatalogue(adminApi, PAYLOAD, [{ name: `${SCRIPT} Model`, kw: 1, usd: 10 }]);
  const modelId = modelIds[`${SCRIPT} Model`]!;
  // An admin, so every screen is open to them; their own name is the payload too.
  await adminApi.call('users/add-user', { ...HOSTILE, roleId: 1 });
  const users = await adminApi.call<{ tableData: { data: { id: number; username: string }[] } }>('users', {
    filters: { search: HOSTILE.username },
    page: 1,
    per_page: 30,
  });
  const userId = users.tableData.data[0]!.id;

  await signIn(page, HOSTILE.username, HOSTILE.password);
  await page.goto('/models/add-stock');
  await (await stockModelPicker(page, 'Add Stock')).selectOption({ label: `${SCRIPT} Model (${PAYLOAD} Series)` });
  await page.getByLabel('Quantity').fill('1');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert')).toContainText('Stock added successfully.');

  // Lists show the names as cell text; edit forms hold them as input values.
  const screens: { path: string; shows?: string[]; field?: [label: string, value: string] }[] = [
    { path: '/brands', shows: [`${PAYLOAD} Brand`] },
    { path: `/brands/edit-brand/${brandId}`, field: ['Brand Name', `${PAYLOAD} Brand`] },
    { path: '/series', shows: [`${PAYLOAD} Series`, `${PAYLOAD} Brand`] },
    { path: `/series/edit-series/${seriesId}`, field: ['Series Name', `${PAYLOAD} Series`] },
    { path: '/models', shows: [`${PAYLOAD} Series`, `${SCRIPT} Model`] },
    { path: `/models/edit-model/${modelId}`, field: ['Model Name', `${SCRIPT} Model`] },
    { path: `/models/log-model/${modelId}`, shows: [HOSTILE.name], field: ['Model Name', `${SCRIPT} Model`] },
    { path: '/users', shows: [HOSTILE.name] },
    { path: `/users/edit-user/${userId}`, field: ['Name', HOSTILE.name] },
  ];
  for (const { path, shows = [], field } of screens) {
    await test.step(path, async () => {
      await page.goto(path);
      await expect(page.getByRole('banner')).toContainText(HOSTILE.name);
      for (const text of shows) await expect(page.getByRole('cell', { name: text, exact: true }).first()).toBeVisible();
      if (field) await expect(page.getByLabel(field[0], { exact: true })).toHaveValue(field[1]);
      await expect(page.locator('img[src="x"]')).toHaveCount(0);
      expect(await page.evaluate(() => (window as unknown as { injected?: number }).injected)).toBeUndefined();
    });
  }
});
