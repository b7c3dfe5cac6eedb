import { screen, waitFor, within } from '@testing-library/react';
import type { AnyRoute } from '@tanstack/react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { server } from '#mocks/node.ts';
import { defaultSeed } from '#mocks/seed.ts';
import { mayAccess, type Access } from '#src/domain/access.ts';
import { screenAccess, type Screen } from '#src/domain/screens.ts';
import { createAppRouter, createQueryClient } from '#src/router.ts';
import { renderApp, signInAs, type Role } from './render-app.tsx';

afterEach(() => server.events.removeAllListeners());

function salesQuoteId(): number {
  const seed = defaultSeed();
  const sales = seed.users.find((user) => user.roleId === 3)!;
  return seed.quotes.find((quote) => quote.createdBy === sales.id)!.id;
}

const DENIED = "You didn't have permission to perform this action.";

// Every URL of docs/product.md §2's route table, by screen. The Record makes a screen added to
// `screenAccess` without URLs here a type error, so no screen escapes these checks.
const urlsByScreen: Record<Screen, string[]> = {
  dashboard: ['/', '/dashboard'],
  account: ['/account/password', '/account/security'],
  addStock: ['/models/add-stock'],
  removeStock: ['/models/remove-stock'],
  models: ['/models'],
  addModel: ['/models/add-new-model'],
  importModels: ['/models/import'],
  editModel: ['/models/edit-model/1'],
  modelLogs: ['/models/log-model/1'],
  series: ['/series', '/series/add-new-series', '/series/edit-series/1'],
  variables: ['/variables'],
  pricingHistory: ['/variables/history'],
  brands: ['/brands', '/brands/add-new-brand', '/brands/edit-brand/1'],
  users: ['/users', '/users/add-new-user', '/users/edit-user/1'],
  audit: ['/audit'],
  settings: ['/settings'],
  // A salesperson's quote, which every role may open (Sales see their own only).
  quotes: ['/quotes', `/quotes/${salesQuoteId()}`],
};

// The seeded users as the app stores them (mocks/seed.ts).
const seeded: Record<Role, { roleId: number; isAdmin: number }> = {
  admin: { roleId: 1, isAdmin: 1 },
  manager: { roleId: 2, isAdmin: 0 },
  sales: { roleId: 3, isAdmin: 0 },
};

const screens = Object.keys(urlsByScreen) as Screen[];
const routes = screens.flatMap((name) => urlsByScreen[name].map((url) => ({ name, url, access: screenAccess[name] as Access })));
const cases = routes.flatMap((route) =>
  (['admin', 'manager', 'sales'] as const).map((role) => ({ ...route, role, allowed: mayAccess(seeded[role], route.access) })),
);

describe('route tree', () => {
  const router = createAppRouter(createQueryClient());
  it.each(routes)('$url ($name) exists and is guarded as its screen', ({ name, url, access }) => {
    const found = router.getMatchedRoutes(url)[2];
    expect(found, `no route for ${url}`).toBeDefined();
    // A signed-in screen has `_app`'s session check as its only guard.
    expect(found?.options.staticData?.screen).toBe(access.kind === 'signed-in' ? undefined : name);
  });

  it('has no screen route without a screen of screenAccess', () => {
    const all: AnyRoute[] = Object.values(router.routesById);
    const leaves = all.filter((route) => !route.children);
    const listed = new Set(routes.map(({ url }) => router.getMatchedRoutes(url)[2]?.id));
    const unlisted = leaves.map((route) => route.id).filter((id) => !listed.has(id));
    // The login and the unknown-URL page are the only routes that show no screen of the table.
    expect(unlisted.sort()).toEqual(['/_app/$', '/login']);
  });
});

describe('screens by role', () => {
  it.each(cases)('$url as $role: allowed=$allowed', async ({ url, role, allowed }) => {
    await signInAs(role);
    const calls: string[] = [];
    server.events.on('request:start', ({ request }) => {
      calls.push(new URL(request.url).pathname);
    });
    const { router } = await renderApp(url);
    const main = await screen.findByRole('main');
    await waitFor(() => expect(router.state.status).toBe('idle'));

    // The shell stays either way: title, the user's name, the menu.
    expect(screen.getByText('AC Back-office')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(url);

    if (allowed) {
      expect(await within(main).findAllByRole('heading')).not.toHaveLength(0);
      expect(within(main).queryByText(DENIED)).not.toBeInTheDocument();
    } else {
      await waitFor(() => expect(main).toHaveTextContent(new RegExp(`^${DENIED}$`)));
      // The guard stops the screen before its loader: nothing of the screen is fetched.
      expect(calls).toEqual([]);
    }
  });
});
