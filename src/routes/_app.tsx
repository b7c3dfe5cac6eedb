import { createFileRoute, redirect } from '@tanstack/react-router';
import { AppLayout } from '#src/app/app-layout.tsx';
import { loadCurrentUser } from '#src/features/auth/api.ts';
import { getStoredUser, getToken } from '#src/lib/session.ts';

/**
 * Every screen but the login: a stored token is required, and the user is loaded once. The user
 * goes into the router context, where the guards, loaders and screens below read it.
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: async () => {
    if (!getToken()) throw redirect({ to: '/login' });
    if (!getStoredUser()) await loadCurrentUser();
    return { user: getStoredUser() };
  },
  component: AppLayout,
  // The frame of every signed-in screen loads with the app, not as one more file before it.
  codeSplitGroupings: [],
});
