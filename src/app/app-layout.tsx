import { Outlet } from '@tanstack/react-router';
import { UserMenu } from '#src/features/auth/user-menu.tsx';
import { useSessionUser } from '#src/lib/use-session-user.ts';
import { Logo } from './logo.tsx';
import { SideMenu } from './side-menu.tsx';

/** The signed-in frame: header with the user's menu, the side menu, and the screen. */
export function AppLayout() {
  const user = useSessionUser();
  return (
    <div className="flex min-h-screen flex-col">
      <header className="flex h-14 items-center justify-between gap-4 bg-brand px-4 text-white print:hidden">
        <div className="flex items-center gap-3">
          <Logo />
          <span className="text-lg font-semibold">AC Back-office</span>
        </div>
        {user && <UserMenu name={user.name} />}
      </header>
      <div className="flex flex-1">
        <SideMenu user={user} />
        <main className="min-w-0 flex-1 p-4 md:p-6 print:p-0">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
