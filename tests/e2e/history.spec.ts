import type { Page } from '@playwright/test';
import { expect, signIn, test, ADMIN, type Api } from './support/fixtures.ts';
import { seedCatalogue } from './support/catalogue.ts';

// The list URL is the one source of truth (docs/design.md §6): Back and Forward through searches and
// pages land on the rows, the search box and the address they had, on every list, and stay there.
// Two rows a page (a size the URL may carry though Show Entries does not offer it), so three
// matches make two pages.

type List = {
  path: string;
  table: string;
  /** The column that names a row (1-based), and the call and field that name the rows unfiltered. */
  column: number;
  call: string;
  field: string;
  matches: [string, string, string];
};

const lists: List[] = [
  {
    path: '/brands',
    table: 'Brands',
    column: 1,
    call: 'brands',
    field: 'brandName',
    matches: ['HistoA Brand', 'HistoB Brand', 'HistoC Brand'],
  },
  {
    path: '/series',
    table: 'Series',
    column: 1,
    call: 'series',
    field: 'seriesName',
    matches: ['HistoA Series', 'HistoB Series', 'HistoC Series'],
  },
  { path: '/users', table: 'Users', column: 1, call: 'users', field: 'name', matches: ['HistoA User', 'HistoB User', 'HistoC User'] },
  {
    path: '/models',
    table: 'Models',
    // After the selection column and Series.
    column: 3,
    call: 'models',
    field: 'modelName',
    matches: ['HistoA Model', 'HistoB Model', 'HistoC Model'],
  },
];

type State = { search: Record<string, string>; box: string; rows: string[] };

/** The address's path and query, the search box and the names of the rows shown: all three agree. */
async function expectState(page: Page, list: List, { search, box, rows }: State) {
  await expect.poll(() => new URL(page.url()).pathname).toBe(list.path);
  await expect.poll(() => Object.fromEntries(new URL(page.url()).searchParams)).toEqual(search);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(box);
  const table = page.getByRole('table', { name: list.table, exact: true });
  await expect.poll(() => table.locator(`tbody tr td:nth-child(${list.column})`).allTextContents()).toEqual(rows);
}

/** The first two rows of the list with no search, as the server orders them. */
async function firstPage(api: Api, list: List): Promise<string[]> {
  const answer = await api.call<{ tableData: { data: Record<string, string>[] } }>(list.call, { filters: {}, page: 1, per_page: 2 });
  return answer.tableData.data.map((row) => row[list.field]!);
}

test('Back and Forward through searches and pages on every list', async ({ page, adminApi }) => {
  for (const prefix of ['HistoA', 'HistoB', 'HistoC']) {
    await seedCatalogue(adminApi, prefix, [{ name: `${prefix} Model`, kw: 3.5, usd: 100 }]);
    await adminApi.call('users/add-user', {
      name: `${prefix} User`,
      username: `${prefix.toLowerCase()}.user`,
      password: 'goes-back-and-1',
      roleId: 3,
    });
  }
  await signIn(page, ADMIN.username, ADMIN.password);

  for (const list of lists) {
    await test.step(list.path, async () => {
      const [a, b, c] = list.matches;
      const unfiltered: State = { search: { per_page: '2' }, box: '', rows: await firstPage(adminApi, list) };
      const searched: State = { search: { per_page: '2', search: 'histo' }, box: 'histo', rows: [a, b] };
      const secondPage: State = { search: { per_page: '2', search: 'histo', page: '2' }, box: 'histo', rows: [c] };
      const narrowed: State = { search: { per_page: '2', search: 'histob' }, box: 'histob', rows: [b] };
      const box = page.getByRole('searchbox', { name: 'Search' });

      await page.goto(`${list.path}?per_page=2`);
      await expectState(page, list, unfiltered);
      await box.fill('histo');
      await expectState(page, list, searched);
      await page.getByRole('link', { name: 'Next page' }).click();
      await expectState(page, list, secondPage);
      await box.fill('histob');
      await expectState(page, list, narrowed);

      for (const state of [secondPage, searched, unfiltered]) {
        await page.goBack();
        await expectState(page, list, state);
      }
      // Longer than the search box's pause: nothing navigates again by itself.
      await page.waitForTimeout(600);
      await expectState(page, list, unfiltered);
      for (const state of [searched, secondPage, narrowed]) {
        await page.goForward();
        await expectState(page, list, state);
      }
      await page.waitForTimeout(600);
      await expectState(page, list, narrowed);
    });
  }
});
