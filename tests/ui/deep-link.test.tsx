import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SEED_PASSWORD } from '#mocks/seed.ts';
import { reloadPage } from '#src/lib/reload.ts';
import { renderApp } from './render-app.tsx';

// docs/design.md §8.8: a signed-out visit to a deep link leads, after sign-in, back to that link,
// and only to a path of this site. The sign-in reloads the login screen (mocked here), so the
// signed-in half renders /login?redirect=… with a session, as that reload does.

describe('a signed-out visit to a deep link', () => {
  it('keeps the path and its search in ?redirect= on the login screen', async () => {
    const { router } = await renderApp('/models?brandId=1&page=2');
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ redirect: '/models?brandId=1&page=2' });
  });

  it('adds nothing for the dashboard', async () => {
    const { router } = await renderApp('/');
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(router.state.location.href).toBe('/login');
  });

  it('signs in and reloads the login screen with its ?redirect= kept', async () => {
    const { user, router } = await renderApp('/models/log-model/1');
    await user.type(await screen.findByLabelText('Username'), 'manager');
    await user.type(screen.getByLabelText('Password'), SEED_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledWith());
    expect(router.state.location.search).toEqual({ redirect: '/models/log-model/1' });
  });
});

describe('the login screen, once signed in', () => {
  it('leads back to the deep link, with its search', async () => {
    const { router } = await renderApp(`/login?redirect=${encodeURIComponent('/models?brandId=1&page=1')}`, 'manager');
    await waitFor(() => expect(router.state.location.pathname).toBe('/models'));
    expect(router.state.location.search).toMatchObject({ brandId: 1 });
    expect(await screen.findByRole('heading', { name: 'Models List' })).toBeInTheDocument();
  });

  it('leads back to a screen of one record', async () => {
    const { router } = await renderApp(`/login?redirect=${encodeURIComponent('/models/log-model/1')}`, 'admin');
    expect(await screen.findByRole('heading', { name: 'Model Logs' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/models/log-model/1');
  });

  it.each(['//evil.com', 'https://evil.com/models', '/\\evil.com', '/\t/evil.com', 'javascript:alert(1)', '/login'])(
    'ignores ?redirect=%s and opens the dashboard',
    async (target) => {
      const { router } = await renderApp(`/login?redirect=${encodeURIComponent(target)}`, 'sales');
      expect(await screen.findByText('WELCOME')).toBeInTheDocument();
      expect(router.state.location.href).toBe('/');
    },
  );
});

describe('leaving on purpose', () => {
  it('logout loads the plain login screen, with no way back to the screen left', async () => {
    const { user } = await renderApp('/models?brandId=1', 'manager');
    const header = (await screen.findAllByRole('banner'))[0]!;
    await user.click(await within(header).findByRole('button', { name: /Manager User/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledWith('/login'));
  });
});
