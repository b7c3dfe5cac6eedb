import type { Page } from '@playwright/test';
import { expect, expectAccessible, modelRow, signIn, test } from './support/fixtures.ts';
import { seedCatalogue, setVariables } from './support/catalogue.ts';

// Live updates (docs/design.md §8.3): every open screen follows the data. A salesperson's list
// takes a manager's new rate without a reload; a browser's tabs share one stream; an edit form with
// unsaved changes says when someone else saved its record.

const VARIABLES = { tr: '3.517', exch: '281.15', fare: '0.05', duties: '0.20', profit: '0.15' };
const MANAGER = { name: 'Mansoor Live', username: 'mansoor.live', password: 'follows-rates-1' };
const SALES = { name: 'Saima Live', username: 'saima.live', password: 'follows-rates-2' };
const TABS = { name: 'Tahir Tabs', username: 'tahir.tabs', password: 'shares-a-stream-1' };
const EDITOR = { name: 'Erum Edits', username: 'erum.edits', password: 'sees-changes-1' };

/** Counts the live-update streams a browser context opens. */
function countStreams(page: Page) {
  let streams = 0;
  page.context().on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/events') streams += 1;
  });
  return () => streams;
}

const liveStatus = (page: Page) => page.getByRole('status').filter({ hasText: /./ });

test('a manager changes EXCH; the salesperson beside them sees the new Total within 2 s, without a reload', async ({
  browser,
  baseURL,
  adminApi,
}) => {
  const { brandId } = await seedCatalogue(adminApi, 'Livewire', [{ name: 'LW-12 Split', kw: 3.5, usd: 50 }]);
  await setVariables(adminApi, VARIABLES);
  await adminApi.call('users/add-user', { ...MANAGER, roleId: 2 });
  await adminApi.call('users/add-user', { ...SALES, roleId: 3 });

  const managerContext = await browser.newContext({ baseURL });
  const salesContext = await browser.newContext({ baseURL });
  const manager = await managerContext.newPage();
  const sales = await salesContext.newPage();
  await signIn(manager, MANAGER.username, MANAGER.password);
  await signIn(sales, SALES.username, SALES.password);
  await sales.goto(`/models?brandId=${brandId}`);
  const before = (await modelRow(sales, 'LW-12 Split')).Total;
  await manager.goto(`/models?brandId=${brandId}`);
  const box = manager.getByRole('region', { name: 'Exchange rate', exact: true }).getByRole('textbox', { name: 'EXCH', exact: true });
  await expect(box).toHaveValue(VARIABLES.exch);
  let loads = 0;
  sales.on('framenavigated', () => (loads += 1));

  await box.fill('283.40');
  await manager.getByRole('button', { name: 'Update' }).click();
  const message = 'The exchange rate changed from 281.15 to 283.40 (+0.8 %). Prices are updated.';
  await expect(liveStatus(sales)).toHaveText(message, { timeout: 2_000 });
  await expect.poll(async () => (await modelRow(sales, 'LW-12 Split')).Total, { timeout: 2_000 }).not.toBe(before);
  expect(loads).toBe(0);
  await expectAccessible(sales);
  await managerContext.close();
  await salesContext.close();
});

test('three tabs of one browser hold one stream; when its tab closes, another takes it over', async ({ browser, baseURL, adminApi }) => {
  await adminApi.call('users/add-user', { ...TABS, roleId: 2 });
  const context = await browser.newContext({ baseURL });
  const first = await context.newPage();
  const streams = countStreams(first);
  await signIn(first, TABS.username, TABS.password);
  await expect.poll(streams).toBe(1);
  const others = [await context.newPage(), await context.newPage()];
  for (const page of others) {
    await page.goto('/models');
    await expect(page.getByRole('heading', { name: 'Models' })).toBeVisible();
  }
  // Time enough for a second stream, were the tabs not sharing one.
  await first.waitForTimeout(1_500);
  expect(streams()).toBe(1);
  await first.close();
  await expect.poll(streams).toBe(2);
  await context.close();
});

test('an edit form with unsaved changes says so when someone else saves its record; Reload shows theirs', async ({ page, adminApi }) => {
  const { modelIds } = await seedCatalogue(adminApi, 'Livedit', [{ name: 'LE-18 Split', kw: 5.2, usd: 60 }]);
  const id = modelIds['LE-18 Split']!;
  await adminApi.call('users/add-user', { ...EDITOR, roleId: 1 });
  await signIn(page, EDITOR.username, EDITOR.password);
  // A page follows the writes made from its ticket on (a first connect has no id to replay from),
  // so the other save waits for this page's stream: the dashboard's, before, does not count.
  const stream = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/events' && page.url().includes('/models/edit-model/'),
  );
  await page.goto(`/models/edit-model/${id}`);
  const name = page.getByLabel('Model Name');
  await expect(name).toHaveValue('LE-18 Split');
  await stream;
  await name.fill('LE-18 Split (mine)');

  const { model } = await adminApi.call<{ model: Record<string, unknown> }>('models/get-model', { id });
  await adminApi.call('models/update-model', {
    id,
    modelName: 'LE-18 Split Plus',
    modelCapacityKW: model.modelCapacityKW,
    modelPriceUsd: model.modelPriceUsd,
    modelSeriesId: model.modelSeriesId,
    modelIsActive: model.modelIsActive,
    version: model.version,
  });
  const notice = page.getByRole('alert').filter({ hasText: 'This record has been changed by someone else. Reload to see it.' });
  await expect(notice).toBeVisible();
  await expectAccessible(page);
  await notice.getByRole('button', { name: 'Reload' }).click();
  await expect(name).toHaveValue('LE-18 Split Plus');
  await expect(notice).toHaveCount(0);
});
