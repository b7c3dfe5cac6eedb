import type { Page } from '@playwright/test';
import { ADMIN, expect, menuItems, signIn, test } from './support/fixtures.ts';

// A session ends when the admin deactivates its user (the live updates' `session` event takes their
// open screen to the login at once, docs/design.md §8.3) and when its user logs out; either way
// nothing of it stays in the browser.

const LEAVER = { name: 'Leila Leaving', username: 'leila.leaving', password: 'last-day-here-1' };

const storedSession = (page: Page) =>
  page.evaluate(() => ({ token: localStorage.getItem('usertoken'), user: localStorage.getItem('user') }));

test('a deactivated user is sent to the login screen at once; logout clears the session', async ({
  page,
  browser,
  baseURL,
  adminApi,
  playwright,
}) => {
  await adminApi.call('users/add-user', { ...LEAVER, roleId: 2 });
  const context = await browser.newContext({ baseURL });
  const leaver = await context.newPage();
  await signIn(leaver, LEAVER.username, LEAVER.password);
  expect((await storedSession(leaver)).token).toBeTruthy();

  await test.step('the admin deactivates them through Edit User', async () => {
    await signIn(page, ADMIN.username, ADMIN.password);
    await menuItems(page).filter({ hasText: 'Users' }).click();
    await page.getByLabel('Search').fill(LEAVER.username);
    await page
      .getByRole('row', { name: new RegExp(LEAVER.username) })
      .getByRole('link', { name: 'Edit' })
      .click();
    await expect(page.getByLabel('Username')).toHaveValue(LEAVER.username);
    await page.getByLabel('Status').selectOption({ label: 'Inactive' });
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toContainText('User updated successfully.');
  });

  await test.step("the leaver's screen goes to the login screen, which says why", async () => {
    await expect(leaver).toHaveURL(/\/login$/);
    await expect(leaver.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(leaver.getByRole('alert')).toHaveText(/Your session has ended\. Please sign in again\./);
    expect(await storedSession(leaver)).toEqual({ token: null, user: null });
    // And they cannot come back in.
    await leaver.getByLabel('Username').fill(LEAVER.username);
    await leaver.getByLabel('Password').fill(LEAVER.password);
    await leaver.getByRole('button', { name: 'Login' }).click();
    await expect(leaver).toHaveURL(/\/login$/);
    expect((await storedSession(leaver)).token).toBeNull();
    await context.close();
  });

  await test.step('logout clears the session, here and on the server', async () => {
    const { token } = await storedSession(page);
    await page.getByRole('button', { name: /Administrator/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedSession(page)).toEqual({ token: null, user: null });
    // A visit signed out is sent to sign in, and would be led back to /models after it.
    await page.goto('/models');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fmodels$/);
    // The token is dead, not only forgotten: the server ends a session it no longer knows with 203.
    const client = await playwright.request.newContext({ baseURL });
    const me = await client.post('/api/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(203);
    await client.dispose();
  });
});

const TRAVELLER = { name: 'Tariq Travelling', username: 'tariq.travelling', password: 'two-browsers-1' };

test("'Sign out all other sessions' on Security ends the user's session in another browser", async ({
  page,
  browser,
  baseURL,
  adminApi,
}) => {
  await adminApi.call('users/add-user', { ...TRAVELLER, roleId: 3 });
  const context = await browser.newContext({ baseURL });
  const other = await context.newPage();
  await signIn(other, TRAVELLER.username, TRAVELLER.password);
  await signIn(page, TRAVELLER.username, TRAVELLER.password);

  await page.goto('/account/security');
  const sessions = page.getByRole('list', { name: 'Sessions' });
  await expect(sessions.getByRole('button', { name: 'Sign out', exact: true })).toHaveCount(1);
  await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(sessions.getByRole('button', { name: 'Sign out', exact: true })).toHaveCount(0);

  // The other browser is at the login screen at once (the live `session` event), or at its next call.
  await other.goto('/models');
  await expect(other).toHaveURL(/\/login/);
  expect((await storedSession(other)).token).toBeNull();
  // This browser stays signed in.
  await page.goto('/models');
  await expect(page.getByText(/^Showing 1 to/)).toBeVisible();
  await context.close();
});
