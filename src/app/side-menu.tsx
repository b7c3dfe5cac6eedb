import { Link } from '@tanstack/react-router';
import { mayAccess } from '../domain/access.ts';
import { screenAccess, type Screen } from '../domain/screens.ts';
import type { StoredUser } from '../lib/session.ts';

const items: { label: string; to: string; screen: Screen }[] = [
  { label: 'Dashboard', to: '/', screen: 'dashboard' },
  { label: 'Add Stock', to: '/models/add-stock', screen: 'addStock' },
  { label: 'Models', to: '/models', screen: 'models' },
  { label: 'Series', to: '/series', screen: 'series' },
  { label: 'Variables', to: '/variables', screen: 'variables' },
  { label: 'Brands', to: '/brands', screen: 'brands' },
  { label: 'Users', to: '/users', screen: 'users' },
];

/** The side menu: each item only for the roles that may open it (SPEC.md §6). */
export function SideMenu({ user }: { user: StoredUser | null }) {
  return (
    <nav aria-label="Main" className="w-52 shrink-0 border-r border-slate-200 bg-white">
      <ul className="py-2">
        {items
          .filter((item) => mayAccess(user, screenAccess[item.screen]))
          .map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                activeOptions={{ exact: item.to === '/' }}
                className="block px-4 py-2 text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none"
                activeProps={{ className: 'bg-brand/10 font-semibold text-brand' }}
              >
                {item.label}
              </Link>
            </li>
          ))}
      </ul>
    </nav>
  );
}
