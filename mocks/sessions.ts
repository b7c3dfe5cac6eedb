import type { CurrentUser } from '#src/contract/auth.ts';
import { isAdminRoleId } from '#src/domain/roles.ts';
import { DEFAULT_SESSION_TTL_HOURS, sessionExpiry } from '#src/domain/sessions.ts';
import { base64url } from './encode.ts';
import type { MockStore } from './store-shape.ts';

/** 32 random bytes, as the server's tokens. */
export function createSession(store: MockStore, userId: number, now = new Date()): string {
  const token = base64url(crypto.getRandomValues(new Uint8Array(32)));
  store.sessions[token] = { userId, expiresAt: sessionExpiry(now, DEFAULT_SESSION_TTL_HOURS).toISOString() };
  return token;
}

/** The signed-in user behind a token, or null for an unknown, expired or revoked token or an inactive user. */
export function userForToken(store: MockStore, token: string, now = new Date()): CurrentUser | null {
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

export function revokeToken(store: MockStore, token: string): void {
  delete store.sessions[token];
}

/** Ends every session of a user, or all but the one making the call. */
export function revokeUserSessions(store: MockStore, userId: number, exceptToken?: string): void {
  for (const [token, session] of Object.entries(store.sessions)) {
    if (session.userId === userId && token !== exceptToken) delete store.sessions[token];
  }
}

export function bearerToken(request: Request): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '');
  return match ? match[1] : undefined;
}
