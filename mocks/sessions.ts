import type { CurrentUser } from '#src/contract/auth.ts';
import { isAdminRoleId } from '#src/domain/roles.ts';
import { base64url } from './encode.ts';
import type { Store } from './store.ts';

/** The server's SESSION_TTL_HOURS default. */
export const SESSION_TTL_HOURS = 12;

/** 32 random bytes, as the server's tokens. */
export function createSession(store: Store, userId: number, now = new Date()): string {
  const token = base64url(crypto.getRandomValues(new Uint8Array(32)));
  store.sessions[token] = { userId, expiresAt: new Date(now.getTime() + SESSION_TTL_HOURS * 3_600_000).toISOString() };
  return token;
}

/** The signed-in user behind a token, or null for an unknown, expired or revoked token or an inactive user. */
export function userForToken(store: Store, token: string, now = new Date()): CurrentUser | null {
  const session = store.sessions[token];
  if (!session || session.expiresAt <= now.toISOString()) return null;
  const user = store.users.find((row) => row.id === session.userId);
  if (!user || user.isActive !== 1) return null;
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    roleId: user.roleId,
    isAdmin: isAdminRoleId(user.roleId),
    isActive: 1,
  };
}

export function revokeToken(store: Store, token: string): void {
  delete store.sessions[token];
}

/** Ends every session of a user, or all but the one making the call. */
export function revokeUserSessions(store: Store, userId: number, exceptToken?: string): void {
  for (const [token, session] of Object.entries(store.sessions)) {
    if (session.userId === userId && token !== exceptToken) delete store.sessions[token];
  }
}

export function bearerToken(request: Request): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '');
  return match ? match[1] : undefined;
}
