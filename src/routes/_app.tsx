import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { Logo } from '#src/app/logo.tsx';
import { SideMenu } from '#src/app/side-menu.tsx';
import { loadCurrentUser } from '#src/features/auth/api.ts';
import { UserMenu } from '#src/features/auth/user-menu.tsx';
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
});

function AppLayout() {
  const { user } = Route.useRouteContext();
  return (
    <div className="flex min-h-screen flex-col">
      <header className="flex h-14 items-center justify-between gap-4 bg-brand px-4 text-white">
        <div className="flex items-center gap-3">
          <Logo />
          <span className="text-lg font-semibold">AC Back-office</span>
        </div>
        {user && <UserMenu name={user.name} />}
      </header>
      <div className="flex flex-1">
        <SideMenu user={user} />
        <main className="min-w-0 flex-1 p-4 md:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
