import type { Page } from '@playwright/test';
import { ADMIN, expect, expectAccessible, signIn, stockModelPicker, test } from './support/fixtures.ts';
import { seedCatalogue } from './support/catalogue.ts';

// docs/design.md §8.8, the daily path: a removal started from a model's log with the model picked,
// a deep link that survives sign-in (and only to this site), and FARE 5 asked about before it
// multiplies every price.

const MANAGER = { name: 'Dina Daily', username: 'dina.daily', password: 'daily-path-pass-1' };
const SERIES = 'Dailyline Series';
const models = [
  { name: 'DL-12 Inverter', kw: 3.5, usd: 50 },
  { name: 'DL-18 Inverter', kw: 5.3, usd: 70 },
];

/** Fills the login form already on screen and sends it. */
async function signInHere(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('a manager starts a removal from a model’s log, with the model picked', async ({ page, adminApi }) => {
  const { modelIds } = await seedCatalogue(adminApi, 'Dailyline', models);
  const id = modelIds['DL-18 Inverter']!;
  await adminApi.call('models/add-stock', { id, modelQuantity: 10, note: '' });
  await adminApi.call('users/add-user', { ...MANAGER, roleId: 2 });
  await signIn(page, MANAGER.username, MANAGER.password);

  await test.step('the log offers Add Stock and Remove Stock for its model', async () => {
    await page.goto(`/models/log-model/${id}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Add Stock' })).toHaveAttribute('href', `/models/add-stock?modelId=${id}`);
    await expectAccessible(page);
    await main.getByRole('link', { name: 'Remove Stock' }).click();
  });

  await test.step('Remove Stock opens with the model picked and its stock shown', async () => {
    await expect(page).toHaveURL(new RegExp(`/models/remove-stock\\?modelId=${id}$`));
    const picker = await stockModelPicker(page, 'Remove Stock');
    await expect(picker.input).toHaveValue(`DL-18 Inverter (${SERIES})`);
    await expect(page.getByText('Current stock: 10')).toBeVisible();
    await page.getByLabel('Quantity').fill('4');
    await page.getByLabel('Note').fill('Order #88');
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Are you sure you want to remove stock?');
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toContainText('Stock removed successfully.');
    await expect(page.getByText('Current stock: 6')).toBeVisible();
  });

  await test.step('the log shows the removal with its note', async () => {
    await page.goto(`/models/log-model/${id}`);
    const log = page.getByRole('table', { name: 'Stock Logs' }).getByRole('row').nth(1);
    await expect(log.getByRole('cell').nth(0)).toHaveText('-4');
    await expect(log.getByRole('cell').nth(1)).toHaveText(MANAGER.name);
    await expect(log.getByRole('cell').nth(3)).toHaveText('Order #88');
  });

  await test.step('at 390 px the picker narrows by brand, in any case, and is picked by the keyboard', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/models/add-stock');
    const picker = await stockModelPicker(page, 'Add Stock');
    await picker.input.fill('dailyline brand 12');
    const list = page.getByRole('listbox', { name: 'Model' });
    await expect(list.getByRole('option')).toHaveText([`DL-12 Inverter (${SERIES})`]);
    const box = await list.boundingBox();
    expect(box!.x + box!.width, 'the list stays on the screen').toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'the page scrolls sideways').toBeLessThanOrEqual(390);
    await expectAccessible(page);
    await page.keyboard.press('Enter');
    await expect(picker.input).toHaveValue(`DL-12 Inverter (${SERIES})`);
    await expect(list).toBeHidden();
  });
});

test('a deep link survives sign-in; a link to another site leads to the dashboard', async ({ page, baseURL }) => {
  await test.step('a signed-out visit keeps the address on the login screen', async () => {
    await page.goto('/users?search=admin');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fusers%3Fsearch%3Dadmin$/);
    await signInHere(page, ADMIN.username, ADMIN.password);
  });

  await test.step('after sign-in the visit lands where it was going, search and all', async () => {
    await expect(page).toHaveURL(/\/users\?search=admin$/);
    await expect(page.getByRole('heading', { name: 'Users List' })).toBeVisible();
    await expect(page.getByLabel('Search')).toHaveValue('admin');
  });

  for (const target of ['//evil.example/users', 'https://evil.example/users', '/\\evil.example/users']) {
    await test.step(`?redirect=${target} leads to the dashboard`, async () => {
      await page.evaluate(() => localStorage.clear());
      await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
      await signInHere(page, ADMIN.username, ADMIN.password);
      await expect(page.getByText('WELCOME')).toBeVisible();
      expect(page.url()).toBe(`${baseURL}/`);
    });
  }
});

test('FARE 5 is asked about before it is saved, and Cancel saves nothing', async ({ page, adminApi }) => {
  const before = (await adminApi.call<{ variables: { fare: string } }>('variables')).variables.fare;
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/variables');
  const fare = page.getByLabel('FARE');
  await expect(fare).toHaveAccessibleDescription('FARE: a ratio, 0.06 = 6 %');
  await expect(page.getByLabel('TR')).toHaveAccessibleDescription('TR: kW per ton');
  await expectAccessible(page);

  await fare.fill('5');
  await page.getByRole('button', { name: 'Submit' }).click();
  const question = page.getByRole('alertdialog', { name: 'FARE 5 adds 500 % to every price. Continue?' });
  await expect(question).toBeVisible();
  await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible(page);
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(fare).toHaveValue('5');
  expect((await adminApi.call<{ variables: { fare: string } }>('variables')).variables.fare).toBe(before);
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the header reads as the product’s name, whole, beside Menu', async ({ page, adminApi }) => {
    // A long user name is the one that gives way.
    const LONG = { name: 'Bartholomew Long-Named Storekeeper', username: 'bart.long', password: 'long-name-pass-1' };
    await adminApi.call('users/add-user', { ...LONG, roleId: 2 });
    await signIn(page, LONG.username, LONG.password);
    const header = page.getByRole('banner').first();
    const name = header.getByText('AC Back-office', { exact: true });
    await expect(name).toBeVisible();
    expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth), 'the name is not cut').toBe(true);
    const box = await name.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(box!.height, 'one line').toBeLessThan(32);
    await expect(header.getByRole('img', { name: 'AC Back-office' })).toBeHidden();
    await expect(header.getByRole('button', { name: /Bartholomew/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
  });
});
