import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getStore } from '#mocks/store.ts';
import { reloadPage } from '#src/lib/reload.ts';
import { renderApp } from './render-app.tsx';

// docs/design.md §8.5: the Security screen's Passkeys part over the mocks. jsdom has no WebAuthn, so
// the browser library is replaced by a software authenticator; the mocks take its answers by shape.

const browserCeremony = vi.hoisted(() => ({ fails: false }));
// One key for the whole file, made before the library is replaced, so a test can register it in the store.
const key = await vi.hoisted(async () => {
  const { softwareAuthenticator: make } = await import('#tests/api/software-authenticator.ts');
  return make('http://localhost', 'localhost');
});
vi.mock('@simplewebauthn/browser', () => {
  const run = <T,>(answer: () => T) => {
    if (browserCeremony.fails) throw new Error('The operation either timed out or was not allowed.');
    return answer();
  };
  return {
    startRegistration: async ({ optionsJSON }: { optionsJSON: { challenge: string } }) => run(() => key.register(optionsJSON)),
    startAuthentication: async ({ optionsJSON }: { optionsJSON: { challenge: string } }) => run(() => key.authenticate(optionsJSON)),
  };
});

afterEach(() => {
  browserCeremony.fails = false;
});

describe('passkeys', () => {
  it('adds one under a name (asked for first), lists it, and removes it after a confirm', async () => {
    const { user } = await renderApp('/account/security', 'sales');
    const form = await screen.findByRole('form', { name: 'Add a passkey' });
    await user.click(within(form).getByRole('button', { name: 'Add a passkey' }));
    const name = within(form).getByLabelText('Passkey name');
    await waitFor(() => expect(name).toHaveAccessibleDescription(/Please name the passkey\./));

    await user.type(name, 'Work laptop');
    await user.click(within(form).getByRole('button', { name: 'Add a passkey' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The passkey has been added.');
    const list = await screen.findByRole('list', { name: 'Passkeys' });
    expect(within(list).getByRole('listitem')).toHaveTextContent(/Work laptop.*Added .* · Not used yet/);
    expect(name).toHaveValue('');

    await user.click(within(list).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Remove the passkey “Work laptop”? You will no longer sign in with it.',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('The passkey has been removed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Passkeys' })).not.toBeInTheDocument());
    expect(getStore().passkeys).toEqual([]);
  });

  it('says plainly when the browser does not finish, and keeps the name', async () => {
    browserCeremony.fails = true;
    const { user } = await renderApp('/account/security', 'sales');
    const form = await screen.findByRole('form', { name: 'Add a passkey' });
    await user.type(within(form).getByLabelText('Passkey name'), 'Phone');
    await user.click(within(form).getByRole('button', { name: 'Add a passkey' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The passkey was not used: the browser did not finish. Please try again.',
    );
    expect(within(form).getByLabelText('Passkey name')).toHaveValue('Phone');
    expect(getStore().passkeys).toEqual([]);
  });
});

describe("the login screen's passkey", () => {
  /** The key above, registered as the sales user's passkey. */
  function salesPasskey() {
    const store = getStore();
    const userId = store.users.find((row) => row.username === 'sales')!.id;
    store.passkeys.push({ id: 1, userId, credentialId: key.id, name: 'Phone', createdAt: new Date().toISOString(), lastUsedAt: null });
  }

  it("signs in with 'Sign in with a passkey' alone", async () => {
    salesPasskey();
    const { user } = await renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalled());
    expect(localStorage.getItem('usertoken')).not.toBeNull();
    expect(getStore().passkeys[0]!.lastUsedAt).not.toBeNull();
  });

  it('says a refused passkey and a ceremony the browser ends, and stays signed out', async () => {
    const { user } = await renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('These credentials do not match our records.');
    browserCeremony.fails = true;
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The passkey was not used: the browser did not finish. Please try again.');
    expect(localStorage.getItem('usertoken')).toBeNull();
    expect(reloadPage).not.toHaveBeenCalled();
  });
});
