import { Outlet } from '@tanstack/react-router';
import { UserMenu } from '#src/features/auth/user-menu.tsx';
import { LiveUpdates } from '#src/features/live/live-updates.tsx';
import { PRODUCT_NAME } from '#src/lib/page-title.ts';
import { useSessionUser } from '#src/lib/use-session-user.ts';
import { Logo } from './logo.tsx';
import { MenuBackdrop, MenuButton, useFoldingMenu } from './folding-menu.tsx';
import { SideMenu } from './side-menu.tsx';

const MAIN_ID = 'main';

/**
 * The first stop of the Tab key, shown only while it has focus: past the header and the side menu
 * (up to ten items) straight to the screen, so a keyboard user does not walk the menu on every page.
 */
function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      // Focus, not the address: a #hash would be one more entry in the history, and Back would land on it.
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
      className="sr-only z-50 rounded bg-white px-3 py-2 text-sm font-medium text-brand focus:not-sr-only focus:absolute focus:left-2 focus:top-2"
    >
      Skip to content
    </a>
  );
}

/** The signed-in frame: header with the user's menu, the side menu, and the screen. */
export function AppLayout() {
  const user = useSessionUser();
  const menu = useFoldingMenu();
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <header className="flex h-14 items-center justify-between gap-2 bg-brand px-4 text-white print:hidden">
        {/* The product's name is never cut: on a phone the mark gives way and the user's name shortens. */}
        <div className="flex shrink-0 items-center gap-3">
          <MenuButton menu={menu} />
          <Logo className="h-7 w-7 max-sm:hidden" />
          <span className="whitespace-nowrap text-base font-semibold sm:text-lg">{PRODUCT_NAME}</span>
        </div>
        {user && <UserMenu name={user.name} />}
      </header>
      <LiveUpdates />
      <div className="relative flex flex-1">
        <SideMenu user={user} open={menu.open} onNavigate={menu.close} />
        <MenuBackdrop menu={menu} />
        <main id={MAIN_ID} tabIndex={-1} className="min-w-0 flex-1 p-4 md:p-6 print:p-0">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
