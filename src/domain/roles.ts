// Lower role ids carry more power; a user "qualifies for level N" when roleId <= N.
export const ROLE_ADMIN = 1;
export const ROLE_MANAGER = 2;
export const ROLE_SALES = 3;

export type RoleId = typeof ROLE_ADMIN | typeof ROLE_MANAGER | typeof ROLE_SALES;
export type RoleName = 'Admin' | 'Manager' | 'Sales';

export const ROLE_IDS: readonly RoleId[] = [ROLE_ADMIN, ROLE_MANAGER, ROLE_SALES];

/** What the app keeps in storage and the server derives from a session: enough to decide access. */
export type SessionUser = { roleId: number; isAdmin: number };

// The users list (docs/product.md) labels every id other than 1 and 2 as Sales, so unknown ids fall through to it.
export function roleName(roleId: number): RoleName {
  if (roleId === ROLE_ADMIN) return 'Admin';
  if (roleId === ROLE_MANAGER) return 'Manager';
  return 'Sales';
}

// isAdmin is never stored or accepted from a client; it is always derived from the role.
export function isAdminRoleId(roleId: number): 0 | 1 {
  return roleId === ROLE_ADMIN ? 1 : 0;
}

export function qualifies(user: SessionUser, level: number): boolean {
  return user.isAdmin === 1 || user.roleId <= level;
}
