import type { CurrentUser } from '#src/contract/auth.ts';
import type { SessionRow } from '#src/contract/sessions.ts';
import { isAdminRoleId } from '#src/domain/roles.ts';
import { DEFAULT_SESSION_TTL_HOURS, deviceOf, LAST_SEEN_STEP_MS, sessionExpiry } from '#src/domain/sessions.ts';
import { recordAudit } from './audit.ts';
import { base64url } from './encode.ts';
import type { MockSession, MockStore } from './store-shape.ts';

// The mocks' sessions, keyed by the token itself, as the server's (server/repositories/sessions.ts).

/** 32 random bytes, as the server's tokens; the device is the browser's own (or the test runner's). */
export function createSession(store: MockStore, userId: number, now = new Date()): string {
  const token = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const id = Object.values(store.sessions).reduce((max, session) => Math.max(max, session.id), 0) + 1;
  store.sessions[token] = {
    id,
    userId,
    createdAt: now.toISOString(),
    lastSeenAt: now.toISOString(),
    expiresAt: sessionExpiry(now, DEFAULT_SESSION_TTL_HOURS).toISOString(),
    device: deviceOf(globalThis.navigator?.userAgent),
  };
  return token;
}

/** A sign-in: a new session and its `auth.login` entry, as the server's signIn. */
export function signIn(store: MockStore, user: { id: number; name: string }): string {
  recordAudit(store, user, { action: 'auth.login', entityId: user.id, entityName: user.name, changes: {} });
  return createSession(store, user.id);
}

/** A live session behind a token, with its signed-in user; null for an unknown, expired or revoked token or an inactive user. */
export function sessionForToken(store: MockStore, token: string, now = new Date()): { user: CurrentUser; session: MockSession } | null {
  const session = store.sessions[token];
  if (!session || session.expiresAt <= now.toISOString()) return null;
  const user = store.users.find((row) => row.id === session.userId);
  if (!user || user.isActive !== 1) return null;
  if (Date.parse(session.lastSeenAt) <= now.getTime() - LAST_SEEN_STEP_MS) session.lastSeenAt = now.toISOString();
  return {
    user: { id: user.id, name: user.name, username: user.username, roleId: user.roleId, isAdmin: isAdminRoleId(user.roleId), isActive: 1 },
    session,
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

/** The user's live sessions, newest first; `currentId` is the caller's. */
export function listSessions(store: MockStore, userId: number, currentId: number, now = new Date()): SessionRow[] {
  return Object.values(store.sessions)
    .filter((session) => session.userId === userId && session.expiresAt > now.toISOString())
    .sort((a, b) => b.id - a.id)
    .map((session) => ({
      id: session.id,
      createdAt: session.createdAt,
      lastSeenAt: session.lastSeenAt,
      device: session.device,
      current: session.id === currentId ? 1 : 0,
    }));
}

/** Ends one of the user's own sessions by id; false when they have none of that id. */
export function revokeSessionById(store: MockStore, userId: number, id: number): boolean {
  const found = Object.entries(store.sessions).find(([, session]) => session.userId === userId && session.id === id);
  if (found) revokeToken(store, found[0]);
  return found !== undefined;
}

export function bearerToken(request: Request): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '');
  return match ? match[1] : undefined;
}
