import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SEED_PASSWORD } from '#mocks/seed.ts';
import { reloadPage } from '#src/lib/reload.ts';
import { renderApp } from './render-app.tsx';

type User = Awaited<ReturnType<typeof renderApp>>['user'];

async function fill(user: User, current: string, password: string, confirmation: string) {
  const submit = await screen.findByRole('button', { name: 'Submit' });
  if (current) await user.type(screen.getByLabelText('Current Password'), current);
  if (password) await user.type(screen.getByLabelText('New Password'), password);
  if (confirmation) await user.type(screen.getByLabelText('Confirm Password'), confirmation);
  await user.click(submit);
}

async function signInWorks(username: string, password: string) {
  const answer = await fetch('http://localhost/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return answer.status === 200;
}

describe('change password (/account/password)', () => {
  it('sits under Dashboard in the breadcrumb', async () => {
    await renderApp('/account/password', 'sales');
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/');
    expect(within(crumbs).getByText('Change Password')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { name: 'Change Password' })).toBeInTheDocument();
  });

  it('asks for every field, under each', async () => {
    const { user } = await renderApp('/account/password', 'sales');
    await fill(user, '', '', '');
    expect(await screen.findByText('Please enter current password.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current Password')).toHaveAccessibleDescription('Please enter current password.');
    expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription('Please enter password.');
    expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription('Please confirm password.');
  });

  it('wants at least 8 characters and a matching confirmation, before sending anything', async () => {
    const { user } = await renderApp('/account/password', 'sales');
    await fill(user, SEED_PASSWORD, 'short', 'shorter');
    expect(await screen.findByText('The password must be at least 8 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription('The password confirmation does not match.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await signInWorks('sales', SEED_PASSWORD)).toBe(true);
  });

  it('shows a wrong current password under its field', async () => {
    const { user } = await renderApp('/account/password', 'manager');
    await fill(user, 'not-my-password', 'a-new-password', 'a-new-password');
    expect(await screen.findByText('The current password is incorrect.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current Password')).toHaveAccessibleDescription('The current password is incorrect.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await signInWorks('manager', SEED_PASSWORD)).toBe(true);
  });

  it('changes the password: success message, empty form, this session kept', async () => {
    const { user } = await renderApp('/account/password', 'manager');
    const token = localStorage.getItem('usertoken');
    await fill(user, SEED_PASSWORD, 'a-new-password', 'a-new-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Password changed successfully.');
    for (const label of ['Current Password', 'New Password', 'Confirm Password']) expect(screen.getByLabelText(label)).toHaveValue('');
    expect(localStorage.getItem('usertoken')).toBe(token);
    expect(reloadPage).not.toHaveBeenCalled();
    expect(await signInWorks('manager', 'a-new-password')).toBe(true);
    expect(await signInWorks('manager', SEED_PASSWORD)).toBe(false);
  });
});
