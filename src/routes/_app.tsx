import { createFileRoute, redirect } from '@tanstack/react-router';
import { AppLayout } from '#src/app/app-layout.tsx';
import { loadCurrentUser } from '#src/features/auth/api.ts';
import { loginSearch } from '#src/lib/return-path.ts';
import { getStoredUser, getToken } from '#src/lib/session.ts';

/**
 * Every screen but the login: a stored token is required, and the user is loaded once. The user
 * goes into the router context, where the guards, loaders and screens below read it.
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ location }) => {
    // The address asked for rides along, so signing in leads back to it (docs/design.md §8.8).
    if (!getToken()) throw redirect({ to: '/login', search: loginSearch(location.href) });
    if (!getStoredUser()) await loadCurrentUser();
    return { user: getStoredUser() };
  },
  component: AppLayout,
  // The frame of every signed-in screen loads with the app, not as one more file before it.
  codeSplitGroupings: [],
});
