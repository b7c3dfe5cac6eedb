import { queryOptions } from '@tanstack/react-query';
import { callApi } from '#src/lib/api-client.ts';
import { reloadPage } from '#src/lib/reload.ts';
import { clearSession, startSession, storeUser } from '#src/lib/session.ts';

/**
 * docs/product.md §2 Login: store the token, drop any stored user, load the current user, reload.
 * A refused sign-in throws and the form stays as it is. Once the token is stored the sign-in
 * has happened: a failed `me` only leaves the user to be loaded by the app after the reload.
 */
export async function signIn(username: string, password: string) {
  const answer = await callApi('auth/login', { username, password });
  // The code step of a two-factor sign-in is the login screen's to add (docs/design.md §8.5).
  if (!('token' in answer)) throw new Error('This account signs in with a second factor.');
  startSession(answer.token);
  await loadCurrentUser();
  reloadPage();
}

/** The current user for the stored session; when `me` fails, none is stored (docs/product.md §8). */
export async function loadCurrentUser() {
  const answer = await callApi('me').catch(() => null);
  if (answer) storeUser(answer.user);
}

/** Who is signed in, with the id the stored user does not keep (docs/design.md §6): Edit User asks before acting on oneself. */
export const meQuery = queryOptions({ queryKey: ['me'], queryFn: async () => (await callApi('me')).user });

/**
 * Logout: the server's answer is ignored, the session is dropped and the login screen loads, with
 * no way back to this screen: the next sign-in may be someone else's.
 */
export async function signOut() {
  await callApi('auth/logout').catch(() => undefined);
  clearSession();
  reloadPage('/login');
}
