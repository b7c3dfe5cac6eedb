import { qualifies } from './roles.ts';
import type { SessionUser } from './roles.ts';

export type Access =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  | { kind: 'level'; level: 1 | 2 | 3 }
  // Only the role counts here: docs/product.md §6 says the EXCH box ignores the admin flag.
  | { kind: 'role'; atMost: number }
  | { kind: 'admin' };

export function mayAccess(user: SessionUser | null, access: Access): boolean {
  if (access.kind === 'public') return true;
  if (user === null) return false;
  switch (access.kind) {
    case 'signed-in':
      return true;
    case 'level':
      return qualifies(user, access.level);
    case 'role':
      return user.roleId <= access.atMost;
    case 'admin':
      return user.isAdmin === 1;
    default:
      return unreachable(access);
  }
}

// Fails typechecking when a new Access kind is added without a rule; denies at run time.
function unreachable(access: never): false {
  void access;
  return false;
}
