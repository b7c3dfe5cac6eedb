import { expect, expectAccessible, signIn, test } from './support/fixtures.ts';
import { byHostName } from './support/servers.ts';

// docs/design.md §8.5 in the browser: a passkey added on the Security screen with Chromium's
// virtual authenticator (a platform one, with user verification), then used alone to sign in.
// The page runs at http://localhost:<port>, the server's PUBLIC_URL and so the relying party: a
// browser refuses an IP address as one.

const USER = { name: 'Parveen Passkey', username: 'parveen.passkey', password: 'no-password-next-1' };
const WEBAUTHN_CHUNK = /\/assets\/webauthn-[^/]*\.js$/;

test('a passkey added on Security signs the user in on its own, the WebAuthn library loading only then', async ({
  browser,
  baseURL,
  adminApi,
}) => {
  await adminApi.call('users/add-user', { ...USER, roleId: 3 });
  const context = await browser.newContext({ baseURL: byHostName(baseURL!) });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const libraryLoads: string[] = [];
  page.on('request', (request) => {
    if (WEBAUTHN_CHUNK.test(request.url())) libraryLoads.push(request.url());
  });
  try {
    await test.step('adds a passkey under a name on the Security screen', async () => {
      await signIn(page, USER.username, USER.password);
      await page.getByRole('button', { name: USER.name }).click();
      await page.getByRole('menuitem', { name: 'Security' }).click();
      const section = page.getByRole('form', { name: 'Add a passkey' });
      await expect(section).toBeVisible();
      expect(libraryLoads, 'the WebAuthn library loaded before it was used').toEqual([]);
      await section.getByRole('button', { name: 'Add a passkey' }).click();
      await expect(section.getByText('Please name the passkey.')).toBeVisible();
      await section.getByLabel('Passkey name').fill('Work laptop');
      await section.getByRole('button', { name: 'Add a passkey' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'The passkey has been added.' })).toBeVisible();
      const passkeys = page.getByRole('list', { name: 'Passkeys' });
      await expect(passkeys.getByText('Work laptop')).toBeVisible();
      await expect(passkeys.getByText(/Not used yet/)).toBeVisible();
      expect(libraryLoads).toHaveLength(1);
      await expectAccessible(page);
    });

    await test.step("signs out, and back in with 'Sign in with a passkey' alone", async () => {
      await page.getByRole('button', { name: USER.name }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await expect(page.getByText('WELCOME')).toBeVisible();
      await page.goto('/account/security');
      await expect(page.getByRole('list', { name: 'Passkeys' }).getByText(/Last used/)).toBeVisible();
    });

    await test.step('removes the passkey after a confirm', async () => {
      await page.getByRole('button', { name: 'Remove' }).click();
      const dialog = page.getByRole('alertdialog');
      await expect(dialog).toContainText('Remove the passkey “Work laptop”?');
      await dialog.getByRole('button', { name: 'Remove' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'The passkey has been removed.' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Passkeys' })).toHaveCount(0);
    });
  } finally {
    await context.close();
  }
});
