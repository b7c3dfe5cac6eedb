import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '#mocks/node.ts';
import { SEED_PASSWORD } from '#mocks/seed.ts';
import { reloadPage } from '#src/lib/reload.ts';
import { renderApp } from './render-app.tsx';

/** The API paths the app calls from now on, in order. */
function recordCalls() {
  const paths: string[] = [];
  server.events.on('request:start', ({ request }) => {
    paths.push(new URL(request.url).pathname);
  });
  return paths;
}
afterEach(() => server.events.removeAllListeners());

async function fillLogin(user: Awaited<ReturnType<typeof renderApp>>['user'], username: string, password: string) {
  await user.type(await screen.findByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('signed out', () => {
  it.each(['/', '/dashboard', '/models', '/models/edit-model/1', '/brands/add-new-brand', '/users', '/account/password', '/no-such-page'])(
    'sends %s to /login',
    async (url) => {
      const { router } = await renderApp(url);
      expect(await screen.findByLabelText('Username')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
    },
  );

  it('shows only the logo in the header: no title, no user, no menu', async () => {
    await renderApp('/login');
    await screen.findByLabelText('Username');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('img')).toBeInTheDocument();
    expect(header).toHaveTextContent(/^$/);
    expect(within(header).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });
});

describe('login form', () => {
  it('asks for username and password', async () => {
    const { user } = await renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Please enter username.')).toBeInTheDocument();
    expect(screen.getByText('Please enter password.')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('Please enter username.');
  });

  it('shows nothing on a wrong password and keeps what was typed', async () => {
    const { user } = await renderApp('/login');
    const calls = recordCalls();
    await fillLogin(user, 'admin', 'not-the-password');
    await waitFor(() => expect(calls).toEqual(['/api/auth/login']));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled());
    expect(screen.getByLabelText('Username')).toHaveValue('admin');
    expect(screen.getByLabelText('Password')).toHaveValue('not-the-password');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/Please enter/)).not.toBeInTheDocument();
    expect(screen.queryByText(/credentials/)).not.toBeInTheDocument();
    expect(localStorage.getItem('usertoken')).toBeNull();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('stores the token, replaces the stored user with `me`, then reloads', async () => {
    localStorage.setItem('user', JSON.stringify({ name: 'Someone Before', roleId: 3, isAdmin: 0 }));
    const { user } = await renderApp('/login');
    const calls = recordCalls();
    let userAtReload: string | null = null;
    vi.mocked(reloadPage).mockImplementationOnce(() => {
      userAtReload = localStorage.getItem('user');
    });
    await fillLogin(user, 'manager', SEED_PASSWORD);
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(calls).toEqual(['/api/auth/login', '/api/me']);
    expect(localStorage.getItem('usertoken')).toEqual(expect.any(String));
    expect(JSON.parse(userAtReload ?? 'null')).toEqual({ name: 'Manager User', roleId: 2, isAdmin: 0 });
  });

  it('reloads without a stored user when `me` fails after a right password', async () => {
    localStorage.setItem('user', JSON.stringify({ name: 'Someone Before', roleId: 1, isAdmin: 1 }));
    server.use(http.post('*/api/me', () => HttpResponse.json({ responseMessage: 'Down', responseFlag: 'danger' }, { status: 500 })));
    const { user } = await renderApp('/login');
    await fillLogin(user, 'admin', SEED_PASSWORD);
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem('usertoken')).toEqual(expect.any(String));
    expect(localStorage.getItem('user')).toBeNull();
  });
});

describe('signed in', () => {
  it('sends /login to the dashboard', async () => {
    const { router } = await renderApp('/login', 'sales');
    expect(await screen.findByText('WELCOME')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
