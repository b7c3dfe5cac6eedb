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

// Set where a 203 ends the session, read by the login screen after the reload (docs/design.md §7.7).
// In sessionStorage: it concerns this tab only, and a new tab starts without it.
const ENDED_KEY = 'sessionEnded';

/** Sign-in: the new token, and no stale user until `me` answers. */
export function startSession(token: string) {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.removeItem(USER_KEY);
  sessionStorage.removeItem(ENDED_KEY);
}

/** A 203: the server has ended the session; the login screen will say so. */
export function endSession() {
  clearSession();
  sessionStorage.setItem(ENDED_KEY, '1');
}

export const sessionWasEnded = (): boolean => sessionStorage.getItem(ENDED_KEY) === '1';

export function storeUser(user: CurrentUser) {
  const stored: StoredUser = { name: user.name, roleId: user.roleId, isAdmin: user.isAdmin };
  localStorage.setItem(USER_KEY, JSON.stringify(stored));
}

export function clearSession() {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
}
