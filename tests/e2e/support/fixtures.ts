import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { brandLogo, seriesImage } from '#server/demo/artwork.ts';
import { ADMIN, serverUrlVariable, type E2eDatabase } from './servers.ts';

export { expect } from '@playwright/test';
export { ADMIN, DEMO_PASSWORD } from './servers.ts';

export const FALLBACK = "You didn't have permission to perform this action.";
export const SERVER_ERROR = 'Sever Error. Please Contact Administration.';

/** Image files as a person would pick them: the demo data's artwork, real PNGs. */
export const pictures = {
  logo: { name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(brandLogo('#1d4ed8')) },
  series: { name: 'series.png', mimeType: 'image/png', buffer: Buffer.from(seriesImage('#0f766e', 1)) },
};

/** Calls the API as a signed-in user, for the set-up a journey is not about. */
export type Api = {
  call<T = Record<string, unknown>>(path: string, body?: unknown): Promise<T>;
  upload(path: string, fields: Record<string, string | number>, field: string, file: typeof pictures.logo): Promise<void>;
};

async function signedInApi(request: APIRequestContext, username: string, password: string, code?: string): Promise<Api> {
  const login = await request.post('/api/auth/login', { data: { username, password } });
  expect(login.status(), `sign-in of ${username}`).toBe(200);
  const token = await tokenOf(request, (await login.json()) as { token: string } | { mfaTicket: string }, code);
  const headers = async () => ({ authorization: `Bearer ${token}`, ...(await xsrfHeader(request)) });
  const ok = async (response: APIResponse, path: string) => {
    expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
    return response.json();
  };
  return {
    call: async <T>(path: string, body: unknown = {}) =>
      (await ok(await request.post(`/api/${path}`, { headers: await headers(), data: body }), path)) as T,
    upload: async (path, fields, field, file) => {
      await ok(await request.post(`/api/${path}`, { headers: await headers(), multipart: { ...fields, [field]: file } }), path);
    },
  };
}

/** The request context keeps the server's XSRF-TOKEN cookie, so it echoes it as the app does. */
async function xsrfHeader(request: APIRequestContext): Promise<Record<string, string>> {
  const { cookies } = await request.storageState();
  const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  return xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {};
}

/** The token of a sign-in; with two-factor on, the second step's, for `code` (docs/design.md §8.5). */
async function tokenOf(request: APIRequestContext, answer: { token: string } | { mfaTicket: string }, code: string | undefined) {
  if ('token' in answer) return answer.token;
  const second = await request.post('/api/auth/login-2fa', {
    headers: await xsrfHeader(request),
    data: { mfaTicket: answer.mfaTicket, code },
  });
  expect(second.status(), 'the second step of a sign-in').toBe(200);
  return ((await second.json()) as { token: string }).token;
}

type Fixtures = {
  /** The first admin, signed in through the API. */
  adminApi: Api;
  /** Any user's API session, for a journey's set-up; `code` for a user with two-factor on. */
  apiAs: (username: string, password: string, code?: string) => Promise<Api>;
};

export const test = base.extend<Fixtures, { database: E2eDatabase }>({
  database: ['sqlite', { option: true, scope: 'worker' }],
  baseURL: async ({ database }, use) => {
    const url = process.env[serverUrlVariable(database)];
    if (!url) throw new Error(`No ${database} server: the suite's global setup starts it.`);
    await use(url);
  },
  // A request context of its own per user: one context keeps one XSRF cookie, and a second sign-in
  // through it would be refused (419).
  apiAs: async ({ playwright, baseURL }, use) => {
    const contexts: APIRequestContext[] = [];
    await use(async (username, password, code) => {
      const context = await playwright.request.newContext({ baseURL });
      contexts.push(context);
      return signedInApi(context, username, password, code);
    });
    await Promise.all(contexts.map((context) => context.dispose()));
  },
  adminApi: async ({ apiAs }, use) => use(await apiAs(ADMIN.username, ADMIN.password)),
  page: async ({ page }, use) => {
    // Only Add Stock asks (a confirm, answered by its journey); any other dialog would mean a
    // script ran from data, so it is recorded and fails the test.
    const unexpected: string[] = [];
    page.on('dialog', (dialog) => {
      if (dialog.type() === 'confirm') return;
      unexpected.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
    await use(page);
    expect(unexpected, 'dialogs opened by the page').toEqual([]);
  },
});

/** Signs in through the login screen, as a person would, and waits for the dashboard. */
export async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('WELCOME')).toBeVisible();
}

export const menuItems = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link');

/**
 * The model picker of Add Stock or Remove Stock, once that screen shows: until then the screen
 * before it may still be there, and Edit Model's or the stock log's "Model Name" answers a loose
 * "Model". It is a searchable list (docs/design.md §8.8): `selectOption` picks as a person does,
 * typing the model's name (the label before its series) and clicking the option of that label.
 */
export async function stockModelPicker(page: Page, screen: 'Add Stock' | 'Remove Stock') {
  await expect(page.getByRole('heading', { name: screen })).toBeVisible();
  const input = page.getByRole('combobox', { name: 'Model', exact: true });
  return {
    input,
    selectOption: async ({ label }: { label: string }) => {
      await input.fill(label.split(' (')[0]!);
      await page.getByRole('listbox', { name: 'Model' }).getByRole('option', { name: label, exact: true }).click();
      await expect(input).toHaveValue(label);
    },
  };
}

/** The text of every header cell on the page, as written (the styling upper-cases what is shown). */
export const columnHeaders = async (page: Page) => (await page.getByRole('columnheader').allTextContents()).map((text) => text.trim());

/** axe-core over the whole page: no serious or critical violation. */
export async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious, 'serious or critical accessibility violations').toEqual([]);
}

/** The ids the pickers give, by name: journeys set up through the API and then act by name. */
export async function idByName(api: Api, path: 'brands/get-all-brands' | 'series/get-all-series', name: string): Promise<number> {
  const answer = await api.call<Record<string, { id: number; brandName?: string; seriesName?: string }[]>>(path);
  const rows = Object.values(answer).find(Array.isArray) ?? [];
  const row = rows.find((item) => item.brandName === name || item.seriesName === name);
  if (!row) throw new Error(`${name} not found by ${path}`);
  return row.id;
}

/**
 * A models-list row as {column header: cell text}, found by its model name. A Total's ▲/▼ mark of a
 * change since the last visit (docs/design.md §8.2, following live updates) is left out: it is read
 * by its own name, 'Was Rs … on …'.
 */
export async function modelRow(page: Page, modelName: string): Promise<Record<string, string>> {
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: modelName, exact: true }) });
  await expect(row).toHaveCount(1);
  const headers = await columnHeaders(page);
  const cells = await row.getByRole('cell').evaluateAll((found) =>
    found.map((cell) => {
      const copy = cell.cloneNode(true) as Element;
      copy.querySelectorAll('[role="img"][title^="Was "]').forEach((mark) => mark.remove());
      return copy.textContent ?? '';
    }),
  );
  return Object.fromEntries(headers.map((header, index) => [header, (cells[index] ?? '').trim()]));
}
