import { screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { SEED_PASSWORD } from '#mocks/seed.ts';
import { getStore } from '#mocks/store.ts';
import { reloadPage } from '#src/lib/reload.ts';
import { renderApp } from './render-app.tsx';
import { codeNow, turnOnTwoFactor, wrongCode } from './two-factor-helpers.ts';

// docs/design.md §8.5: the login screen's second step, over the mocks.

type App = Awaited<ReturnType<typeof renderApp>>;

/** The password step of a user with two-factor on: the screen then asks for the code. */
async function passwordStep(user: App['user'], username: string) {
  await user.type(await screen.findByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), SEED_PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Login' }));
  expect(await screen.findByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
  expect(localStorage.getItem('usertoken')).toBeNull();
}

async function enterCode(user: App['user'], code: string) {
  await user.clear(screen.getByLabelText('Code'));
  await user.type(screen.getByLabelText('Code'), code);
  await user.click(screen.getByRole('button', { name: 'Verify' }));
}

describe('sign-in with two-factor on', () => {
  it('shows the answer to a wrong code, then signs in with a right one on the same ticket', async () => {
    const { secret } = turnOnTwoFactor('manager');
    const { user } = await renderApp('/login');
    await passwordStep(user, 'manager');
    expect(screen.getByLabelText('Code')).toHaveFocus();

    await enterCode(user, wrongCode(secret));
    expect(await screen.findByRole('alert')).toHaveTextContent('These credentials do not match our records.');
    expect(Object.keys(getStore().mfaTickets)).toHaveLength(1);
    expect(reloadPage).not.toHaveBeenCalled();

    await enterCode(user, codeNow(secret));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem('usertoken')).not.toBeNull();
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ name: 'Manager User', roleId: 2 });
    expect(getStore().mfaTickets).toEqual({});
  });

  it('takes a recovery code instead', async () => {
    const { recoveryCodes } = turnOnTwoFactor('sales');
    const { user } = await renderApp('/login');
    await passwordStep(user, 'sales');
    await enterCode(user, recoveryCodes[3]!);
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem('usertoken')).not.toBeNull();
  });

  it('asks for the code before sending, and goes back to the password on Back', async () => {
    turnOnTwoFactor('sales');
    const { user } = await renderApp('/login');
    await passwordStep(user, 'sales');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Please enter the code.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
  });

  it('sends an expired ticket back to the password, saying why', async () => {
    const { secret } = turnOnTwoFactor('sales');
    const { user } = await renderApp('/login');
    await passwordStep(user, 'sales');
    getStore().mfaTickets = {};
    await enterCode(user, codeNow(secret));
    expect(await screen.findByRole('alert')).toHaveTextContent('The sign-in has expired. Please sign in again.');
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
  });

  it('passes axe on the code step, with a message under the field', async () => {
    turnOnTwoFactor('sales');
    const { user, container } = await renderApp('/login');
    await passwordStep(user, 'sales');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('Please enter the code.');
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
});
