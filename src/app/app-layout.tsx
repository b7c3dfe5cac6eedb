import { Outlet } from '@tanstack/react-router';
import { UserMenu } from '#src/features/auth/user-menu.tsx';
import { PRODUCT_NAME } from '#src/lib/page-title.ts';
import { useSessionUser } from '#src/lib/use-session-user.ts';
import { Logo } from './logo.tsx';
import { MenuBackdrop, MenuButton, useFoldingMenu } from './folding-menu.tsx';
import { SideMenu } from './side-menu.tsx';

/** The signed-in frame: header with the user's menu, the side menu, and the screen. */
export function AppLayout() {
  const user = useSessionUser();
  const menu = useFoldingMenu();
  return (
    <div className="flex min-h-screen flex-col">
      <header className="flex h-14 items-center justify-between gap-2 bg-brand px-4 text-white print:hidden">
        <div className="flex min-w-0 items-center gap-3">
          <MenuButton menu={menu} />
          <Logo />
          <span className="truncate text-lg font-semibold">{PRODUCT_NAME}</span>
        </div>
        {user && <UserMenu name={user.name} />}
      </header>
      <div className="relative flex flex-1">
        <SideMenu user={user} open={menu.open} onNavigate={menu.close} />
        <MenuBackdrop menu={menu} />
        <main className="min-w-0 flex-1 p-4 md:p-6 print:p-0">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
