import type { Page } from '@playwright/test';
import { totpCode } from '#src/domain/two-factor.ts';
import { expect, expectAccessible, menuItems, signIn, test } from './support/fixtures.ts';

// docs/design.md §8.5 in the browser: an admin turns two-factor on from the Security screen's key
// (as an authenticator app would read it from the QR code), signs in again with password and code,
// and then requires it of managers: a manager without it is taken to Security on signing in.

const ADMIN_2FA = { name: 'Tahira Admin', username: 'tahira.admin', password: 'second-factor-1' };
const MANAGER = { name: 'Tariq Manager', username: 'tariq.manager', password: 'no-phone-yet-1' };
const STEP_MS = 30_000;

async function openSecurity(page: Page, name: string) {
  await page.getByRole('button', { name }).click();
  await page.getByRole('menuitem', { name: 'Security' }).click();
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
}

test('an admin turns two-factor on and signs in with a code; required of managers, a manager without it is sent to Security', async ({
  page,
  browser,
  baseURL,
  adminApi,
  apiAs,
}) => {
  await adminApi.call('users/add-user', { ...ADMIN_2FA, roleId: 1 });
  await adminApi.call('users/add-user', { ...MANAGER, roleId: 2 });
  let recoveryCodes: string[] = [];
  // The QR code's library loads when a set-up starts, never with the first screen (vite.config.ts).
  const qrLoads: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/qrcode-[^/]*\.js$/.test(request.url())) qrLoads.push(request.url());
  });
  try {
    await signIn(page, ADMIN_2FA.username, ADMIN_2FA.password);
    let secret = '';

    await test.step('sets two-factor up from the key at phone width, and sees the recovery codes once', async () => {
      await openSecurity(page, ADMIN_2FA.name);
      await page.setViewportSize({ width: 390, height: 844 });
      expect(qrLoads).toEqual([]);
      await page.getByRole('button', { name: 'Set up' }).click();
      await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
      expect(qrLoads).toHaveLength(1);
      secret = (await page.getByText(/^[A-Z2-7]{32}$/).textContent())!;
      expect(await page.evaluate(() => document.documentElement.scrollWidth), 'the page scrolls sideways').toBeLessThanOrEqual(390);
      await expectAccessible(page);
      await page.getByLabel('Code').fill(totpCode(secret, Date.now()));
      await page.getByRole('button', { name: 'Turn on' }).click();
      const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
      await expect(codes).toHaveCount(10);
      recoveryCodes = await codes.allTextContents();
      await expect(page.getByRole('list', { name: 'Sessions' }).getByText('This device')).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('button', { name: 'I have kept them' }).click();
      await expect(page.getByRole('button', { name: 'Turn off' })).toBeVisible();
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    await test.step('signs out, then in with the password and a code', async () => {
      await page.getByRole('button', { name: ADMIN_2FA.name }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.getByLabel('Username').fill(ADMIN_2FA.username);
      await page.getByLabel('Password').fill(ADMIN_2FA.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
      await expectAccessible(page);
      // The set-up used now's step; the next one is the first a sign-in may use.
      await page.getByLabel('Code').fill(totpCode(secret, Date.now() + STEP_MS));
      await page.keyboard.press('Enter');
      await expect(page.getByText('WELCOME')).toBeVisible();
    });

    await test.step('requires two-factor of admins and managers on Settings', async () => {
      await menuItems(page).filter({ hasText: 'Settings' }).click();
      await page.getByLabel('Two-factor sign-in required for').selectOption({ label: 'Admins and managers' });
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByRole('alert')).toContainText('Settings updated successfully.');
    });

    await test.step('a manager without two-factor is taken to Security, which says why', async () => {
      const context = await browser.newContext({ baseURL });
      const managerPage = await context.newPage();
      await managerPage.goto('/login');
      await managerPage.getByLabel('Username').fill(MANAGER.username);
      await managerPage.getByLabel('Password').fill(MANAGER.password);
      await managerPage.getByRole('button', { name: 'Login' }).click();
      await expect(managerPage).toHaveURL(/\/account\/security$/);
      await expect(managerPage.getByRole('alert').first()).toContainText('Please set up two-factor sign-in to continue.');
      await expect(managerPage.getByRole('button', { name: 'Set up' })).toBeVisible();
      await context.close();
    });
  } finally {
    // The other journeys share this database: the level goes back to nobody, by the admin who set it
    // (a recovery code: the authenticator's codes of these steps are spent).
    if (recoveryCodes[0]) {
      const admin = await apiAs(ADMIN_2FA.username, ADMIN_2FA.password, recoveryCodes[0]);
      const { version } = (await admin.call<{ settings: { version: number } }>('settings')).settings;
      await admin.call('settings/update', { twoFactorRequiredLevel: 0, version });
    }
  }
});
