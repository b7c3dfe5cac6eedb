import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SEED_PASSWORD } from '#mocks/seed.ts';
import { tokenResponse, meResponse } from '#src/contract/auth.ts';
import { storeUser, startSession } from '#src/lib/session.ts';
import { createAppRouter, createQueryClient } from '#src/router.ts';

export type Role = 'admin' | 'manager' | 'sales';

/** Signs in as a seeded user through the mock API and keeps the session as the app would. */
export async function signInAs(role: Role) {
  const login = await fetch('http://localhost/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: role, password: SEED_PASSWORD }),
  });
  const { token } = tokenResponse.parse(await login.json());
  startSession(token);
  const me = await fetch('http://localhost/api/me', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  storeUser(meResponse.parse(await me.json()).user);
  return token;
}

/** The whole app at a URL, as a signed-in role (or signed out), over the MSW mocks. */
export async function renderApp(url: string, role?: Role) {
  if (role) await signInAs(role);
  const queryClient = createQueryClient();
  const history = createMemoryHistory({ initialEntries: [url] });
  const router = createAppRouter(queryClient, history);
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, user, router, queryClient, history, screen };
}
