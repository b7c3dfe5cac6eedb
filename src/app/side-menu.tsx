import { Link, useLocation, type LinkProps } from '@tanstack/react-router';
import { mayAccess } from '#src/domain/access.ts';
import { screenAccess, type Screen } from '#src/domain/screens.ts';
import type { StoredUser } from '#src/lib/session.ts';
import { SIDE_MENU_ID } from './folding-menu.tsx';

type Item = { label: string; to: NonNullable<LinkProps['to']>; screen: Screen };

const items: Item[] = [
  { label: 'Dashboard', to: '/', screen: 'dashboard' },
  { label: 'Add Stock', to: '/models/add-stock', screen: 'addStock' },
  { label: 'Remove Stock', to: '/models/remove-stock', screen: 'removeStock' },
  { label: 'Models', to: '/models', screen: 'models' },
  { label: 'Series', to: '/series', screen: 'series' },
  { label: 'Variables', to: '/variables', screen: 'variables' },
  { label: 'Brands', to: '/brands', screen: 'brands' },
  { label: 'Users', to: '/users', screen: 'users' },
  // After every item of docs/product.md, in docs/design.md §7's order.
  { label: 'Pricing History', to: '/variables/history', screen: 'pricingHistory' },
  // docs/design.md §7.2: the last item.
  { label: 'Audit Log', to: '/audit', screen: 'audit' },
  // docs/design.md §8: new items after every existing one.
  { label: 'Settings', to: '/settings', screen: 'settings' },
  // docs/design.md §8.1: every role makes quotes.
  { label: 'Quotes', to: '/quotes', screen: 'quotes' },
];

const covers = (item: Item, pathname: string) =>
  item.to === '/' ? pathname === '/' || pathname === '/dashboard' : pathname === item.to || pathname.startsWith(`${item.to}/`);

/** The item of the screen on show: the most specific one, so /models/add-stock is Add Stock, not Models. */
function currentItem(visible: Item[], pathname: string): Item | undefined {
  return visible.filter((item) => covers(item, pathname)).sort((a, b) => b.to.length - a.to.length)[0];
}

const itemClass = 'block px-4 py-2 text-sm hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:-outline-offset-2';

type SideMenuProps = { user: StoredUser | null; open: boolean; onNavigate: () => void };

/**
 * The side menu: each item only for the roles that may open it (docs/product.md §6). From 768 px it
 * stands beside the screen; below, it folds away and opens over the screen as a drawer.
 */
export function SideMenu({ user, open, onNavigate }: SideMenuProps) {
  const pathname = useLocation({ select: (location) => location.pathname });
  const visible = items.filter((item) => mayAccess(user, screenAccess[item.screen]));
  const current = currentItem(visible, pathname);
  return (
    <nav
      id={SIDE_MENU_ID}
      aria-label="Main"
      className={`w-52 shrink-0 border-r border-slate-200 bg-white print:hidden max-md:absolute max-md:inset-y-0 max-md:left-0 max-md:z-30 max-md:shadow-lg ${open ? '' : 'max-md:hidden'}`}
    >
      <ul className="py-2">
        {visible.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              // The router would also mark /models on /models/add-stock; only the current item is marked.
              activeOptions={{ exact: true, includeSearch: false }}
              aria-current={item === current ? 'page' : undefined}
              // A click on the current item changes no route, yet the drawer should still close.
              onClick={onNavigate}
              className={`${itemClass} ${item === current ? 'bg-brand/10 font-semibold text-brand' : 'text-slate-700'}`}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
