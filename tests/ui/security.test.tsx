import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { server } from '#mocks/node.ts';
import { SEED_PASSWORD } from '#mocks/seed.ts';
import { createSession } from '#mocks/sessions.ts';
import { getStore } from '#mocks/store.ts';
import { reloadPage } from '#src/lib/reload.ts';
import { renderApp, signInAs } from './render-app.tsx';
import { codeNow, storedUser, turnOnTwoFactor, wrongCode } from './two-factor-helpers.ts';

// docs/design.md §8.5: the Security screen over the mocks: two-factor on and off, the sessions.

type App = Awaited<ReturnType<typeof renderApp>>;

/** 'Set up', then the secret the screen shows as text. */
async function startSetup(user: App['user']) {
  await user.click(await screen.findByRole('button', { name: 'Set up' }));
  const key = await screen.findByText(/^[A-Z2-7]{32}$/);
  return key.textContent!;
}

async function expectNoAxeViolations(container: HTMLElement) {
  // jsdom draws nothing, so contrast is left to the browser journey (tests/e2e).
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(', ')}`)).toEqual([]);
}

describe('two-factor sign-in', () => {
  it('sets up from the QR code or its key, refuses a wrong code under the field, then shows the recovery codes once', async () => {
    const { user } = await renderApp('/account/security', 'sales');
    expect(await screen.findByRole('heading', { name: 'Security', level: 1 })).toBeInTheDocument();
    const secret = await startSetup(user);
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml,/),
    );

    const code = screen.getByLabelText('Code');
    await user.type(code, wrongCode(secret));
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription('The code is not valid.'));
    expect(storedUser('sales').twoFactor?.on).toBe(false);

    await user.clear(code);
    await user.type(code, codeNow(secret));
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    const shown = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(shown).toHaveLength(10);
    expect(storedUser('sales').twoFactor?.recoveryCodes).toEqual(shown.map((text) => text!.replace('-', '')));
    expect(screen.getByText(/Keep these codes somewhere safe/)).toHaveTextContent('They will not be shown again.');

    await user.click(screen.getByRole('button', { name: 'I have kept them' }));
    expect(await screen.findByText(/Two-factor sign-in is on\. To turn it off/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('sets up by keyboard alone', async () => {
    const { user } = await renderApp('/account/security', 'manager');
    (await screen.findByRole('button', { name: 'Set up' })).focus();
    await user.keyboard('{Enter}');
    const secret = (await screen.findByText(/^[A-Z2-7]{32}$/)).textContent!;
    screen.getByLabelText('Code').focus();
    await user.keyboard(`${codeNow(secret)}{Enter}`);
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toBeInTheDocument();
  });

  it('turns off with the password and a code, each refusal under its field', async () => {
    // Signed in first: with two-factor on, the test's password-only sign-in would get a ticket.
    await signInAs('sales');
    const { secret } = turnOnTwoFactor('sales');
    const { user } = await renderApp('/account/security');
    await user.type(await screen.findByLabelText('Password'), 'not-the-password');
    await user.type(screen.getByLabelText('Code'), codeNow(secret));
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('The password is incorrect.'));

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), SEED_PASSWORD);
    await user.clear(screen.getByLabelText('Code'));
    await user.type(screen.getByLabelText('Code'), wrongCode(secret));
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.getByLabelText('Code')).toHaveAccessibleDescription('The code is not valid.'));

    await user.clear(screen.getByLabelText('Code'));
    await user.type(screen.getByLabelText('Code'), codeNow(secret));
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Set up' })).toBeInTheDocument();
    expect(storedUser('sales').twoFactor).toBeUndefined();
  });

  it('says plainly when the set-up cannot reach the server', async () => {
    server.use(http.post('*/api/auth/2fa/setup', () => HttpResponse.error()));
    const { user } = await renderApp('/account/security', 'sales');
    await user.click(await screen.findByRole('button', { name: 'Set up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The server cannot be reached. Please check your connection and try again.');
    expect(screen.getByRole('button', { name: 'Set up' })).toBeEnabled();
  });

  it('passes axe while setting up, with the sessions beside it', async () => {
    const { user, container } = await renderApp('/account/security', 'sales');
    await startSetup(user);
    await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    await screen.findByText('This device');
    await expectNoAxeViolations(container);
  });
});

describe('sessions', () => {
  /** Two more sessions of the seeded user, as if signed in on two other devices. */
  function otherSessions(username: string) {
    const store = getStore();
    const { id } = storedUser(username);
    createSession(store, id);
    createSession(store, id);
  }
  const items = () => within(screen.getByRole('list', { name: 'Sessions' })).getAllByRole('listitem');

  it('lists them, newest first, with this device marked, and signs out one other', async () => {
    otherSessions('manager');
    const { user } = await renderApp('/account/security', 'manager');
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(within(items()[0]!).getByText('This device')).toBeInTheDocument();
    expect(within(items()[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(items()[1]).toHaveTextContent(/Signed in \d{1,2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2} · Last seen \d{1,2} [A-Z][a-z]{2} \d{4}/);

    await user.click(within(items()[1]!).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The session has been signed out.');
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(Object.values(getStore().sessions).filter((session) => session.userId === storedUser('manager').id)).toHaveLength(2);
  });

  it('signs out all others at once; this one stays', async () => {
    otherSessions('admin');
    const { user } = await renderApp('/account/security', 'admin');
    await waitFor(() => expect(items()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Every other session has been signed out.');
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(screen.getByText('This device')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out all other sessions' })).not.toBeInTheDocument();
  });

  it('says plainly when a sign-out fails, and keeps the list', async () => {
    otherSessions('sales');
    server.use(http.post('*/api/auth/sessions/revoke', () => HttpResponse.json({}, { status: 500 })));
    const { user } = await renderApp('/account/security', 'sales');
    await waitFor(() => expect(items()).toHaveLength(3));
    await user.click(within(items()[1]!).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sever Error. Please Contact Administration.');
    expect(items()).toHaveLength(3);
  });

  it('says when the list cannot be loaded, with Retry', async () => {
    let fail = true;
    server.use(http.post('*/api/auth/sessions', () => (fail ? HttpResponse.error() : undefined)));
    const { user } = await renderApp('/account/security', 'sales');
    expect(await screen.findByText('Could not load the latest data.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(items()).toHaveLength(1));
  });
});

describe('the two-factor policy', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('takes a covered user without a second factor to Security from any call', async () => {
    getStore().settings.twoFactorRequiredLevel = 3;
    await renderApp('/models', 'sales');
    await waitFor(() => expect(reloadPage).toHaveBeenCalledWith('/account/security'));
  });

  it('shows the reason on Security and lifts it once two-factor is on', async () => {
    getStore().settings.twoFactorRequiredLevel = 3;
    sessionStorage.setItem('secondFactorRequired', '1');
    // The page's own address, as after the policy's page load (the test's router keeps its own in memory).
    window.history.replaceState(null, '', '/account/security');
    const { user } = await renderApp('/account/security', 'sales');
    const sessions = (await screen.findByRole('heading', { name: 'Sessions' })).closest('section')!;
    expect(await screen.findByRole('alert')).toHaveTextContent('Please set up two-factor sign-in to continue.');
    expect(await within(sessions).findByText('Please set up two-factor sign-in to continue.')).toBeInTheDocument();
    // Already here: the sessions call's refusal does not load the page again.
    expect(reloadPage).not.toHaveBeenCalled();

    const secret = await startSetup(user);
    await user.type(screen.getByLabelText('Code'), codeNow(secret));
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await screen.findByRole('list', { name: 'Recovery codes' });
    expect(await within(sessions).findByText('This device')).toBeInTheDocument();
    expect(screen.queryByText('Please set up two-factor sign-in to continue.')).not.toBeInTheDocument();
  });
});
