import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '#mocks/node.ts';
import { reloadPage } from '#src/lib/reload.ts';
import { renderApp, type Role } from './render-app.tsx';

afterEach(() => {
  server.events.removeAllListeners();
  vi.unstubAllEnvs();
});

// docs/product.md §2 (items and their routes) and §6 (who sees which), written out rather than derived,
// so the menu is checked against the specification and not against itself.
const menuRoutes: Record<string, string> = {
  Dashboard: '/',
  'Add Stock': '/models/add-stock',
  'Remove Stock': '/models/remove-stock',
  Models: '/models',
  Series: '/series',
  Variables: '/variables',
  Brands: '/brands',
  Users: '/users',
  'Pricing History': '/variables/history',
  // docs/design.md §7.2: admins only, the last item.
  'Audit Log': '/audit',
  // docs/design.md §8: after every existing item.
  Settings: '/settings',
  // docs/design.md §8.1: every role, after Settings (§8's head).
  Quotes: '/quotes',
};
const menuByRole: Record<Role, string[]> = {
  // docs/design.md §7's items come after docs/product.md's.
  admin: [
    'Dashboard',
    'Add Stock',
    'Remove Stock',
    'Models',
    'Series',
    'Variables',
    'Brands',
    'Users',
    'Pricing History',
    'Audit Log',
    'Settings',
    'Quotes',
  ],
  manager: ['Dashboard', 'Add Stock', 'Remove Stock', 'Models', 'Pricing History', 'Quotes'],
  sales: ['Dashboard', 'Models', 'Quotes'],
};
const names: Record<Role, string> = { admin: 'Admin User', manager: 'Manager User', sales: 'Sales User' };

async function openUserMenu(user: Awaited<ReturnType<typeof renderApp>>['user'], role: Role) {
  await user.click(await screen.findByRole('button', { name: new RegExp(names[role]) }));
  return screen.getByRole('menu');
}

describe('header', () => {
  it.each(['admin', 'manager', 'sales'] as const)('shows the product title and the name of %s', async (role) => {
    await renderApp('/', role);
    // The shell's header comes first; jsdom's role rules also count each card's own <header>.
    const header = (await screen.findAllByRole('banner'))[0]!;
    expect(within(header).getByText('AC Back-office')).toBeInTheDocument();
    expect(await within(header).findByRole('button', { name: new RegExp(names[role]) })).toBeInTheDocument();
  });

  it('offers Change Password (our page), Security and Logout in the dropdown', async () => {
    const { user, router } = await renderApp('/', 'sales');
    const menu = await openUserMenu(user, 'sales');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Change Password', 'Security', 'Logout']);
    const change = within(menu).getByRole('menuitem', { name: 'Change Password' });
    expect(change).toHaveAttribute('href', '/account/password');
    await user.click(change);
    expect(await screen.findByLabelText('Current Password')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/password');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('links Change Password to the external admin page when the build names one', async () => {
    vi.stubEnv('VITE_CHANGE_PASSWORD_URL', 'https://admin.example.test/password');
    const { user } = await renderApp('/', 'manager');
    const menu = await openUserMenu(user, 'manager');
    expect(within(menu).getByRole('menuitem', { name: 'Change Password' })).toHaveAttribute('href', 'https://admin.example.test/password');
  });

  it('closes the dropdown on Escape', async () => {
    const { user } = await renderApp('/', 'admin');
    await openUserMenu(user, 'admin');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('logs out: calls auth/logout, drops token and user, reloads', async () => {
    const { user } = await renderApp('/', 'manager');
    // The dashboard's own read is done before the calls are counted.
    await screen.findByRole('region', { name: 'Exchange Rate' });
    const calls: string[] = [];
    server.events.on('request:start', ({ request }) => {
      calls.push(new URL(request.url).pathname);
    });
    const menu = await openUserMenu(user, 'manager');
    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(calls).toEqual(['/api/auth/logout']);
    expect(localStorage.getItem('usertoken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('logs out even when the server fails to answer', async () => {
    server.use(
      http.post('*/api/auth/logout', () => HttpResponse.json({ responseMessage: 'Down', responseFlag: 'danger' }, { status: 500 })),
    );
    const { user } = await renderApp('/', 'sales');
    const menu = await openUserMenu(user, 'sales');
    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem('usertoken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });
});

describe('side menu', () => {
  it.each(['admin', 'manager', 'sales'] as const)(
    'shows %s exactly the items of docs/product.md §6, linked to their routes',
    async (role) => {
      await renderApp('/', role);
      const menu = await screen.findByRole('navigation', { name: 'Main' });
      const links = within(menu).getAllByRole('link');
      expect(links.map((link) => link.textContent)).toEqual(menuByRole[role]);
      for (const link of links) expect(link).toHaveAttribute('href', menuRoutes[link.textContent ?? '']);
    },
  );

  it.each([
    ['/', 'Dashboard'],
    ['/dashboard', 'Dashboard'],
    ['/models/add-stock', 'Add Stock'],
    ['/models/remove-stock', 'Remove Stock'],
    ['/models/edit-model/1', 'Models'],
    ['/brands/add-new-brand', 'Brands'],
    ['/account/password', undefined],
  ])('at %s marks %s as the current item, and only it', async (url, label) => {
    await renderApp(url, 'admin');
    const menu = await screen.findByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(screen.getByRole('main')).not.toBeEmptyDOMElement());
    const marked = within(menu)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page')
      .map((link) => link.textContent);
    expect(marked).toEqual(label ? [label] : []);
  });

  it('opens a screen from its item', async () => {
    const { user, router } = await renderApp('/', 'admin');
    const menu = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(menu).getByRole('link', { name: 'Brands' }));
    expect(await screen.findByRole('table', { name: 'Brands' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/brands');
  });
});

describe('dashboard', () => {
  it.each(['/', '/dashboard'])('says WELCOME at %s', async (url) => {
    const { router } = await renderApp(url, 'sales');
    expect(await within(await screen.findByRole('main')).findByText('WELCOME')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(url);
  });

  it.each(['/no-such-page', '/models/no/such/page'])('shows %s as not found inside the frame, with the way back', async (url) => {
    await renderApp(url, 'sales');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: new RegExp(names.sales) })).toBeInTheDocument();
    expect(document.title).toBe('Page Not Found · AC Back-office');
  });
});
