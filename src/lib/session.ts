import type { CurrentUser } from '#src/contract/auth.ts';
import type { SessionUser } from '#src/domain/roles.ts';

// Where docs/product.md §4 keeps the session: the token under `usertoken`, the user under `user`.
const TOKEN_KEY = 'usertoken';
const USER_KEY = 'user';

export type StoredUser = SessionUser & { name: string };

export const getToken = (): string | null => localStorage.getItem(TOKEN_KEY);

export function getStoredUser(): StoredUser | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    const user = raw ? (JSON.parse(raw) as StoredUser) : null;
    return user && typeof user.roleId === 'number' ? user : null;
  } catch {
    return null;
  }
}

/** Sign-in: the new token, and no stale user until `me` answers. */
export function startSession(token: string) {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.removeItem(USER_KEY);
}

export function storeUser(user: CurrentUser) {
  const stored: StoredUser = { name: user.name, roleId: user.roleId, isAdmin: user.isAdmin };
  localStorage.setItem(USER_KEY, JSON.stringify(stored));
}

export function clearSession() {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
}
