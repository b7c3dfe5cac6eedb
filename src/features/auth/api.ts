import { queryOptions } from '@tanstack/react-query';
import { callApi } from '#src/lib/api-client.ts';
import { reloadPage } from '#src/lib/reload.ts';
import { clearSession, startSession, storeUser } from '#src/lib/session.ts';
import { stopLiveUpdates } from '#src/features/live/live-updates.tsx';

/**
 * docs/product.md §2 Login: store the token, drop any stored user, load the current user, reload.
 * A refused sign-in throws and the form stays as it is. With two-factor on, the password only
 * earns the ticket of the second step (docs/design.md §8.5): it is returned for the code step.
 */
export async function signIn(username: string, password: string): Promise<{ mfaTicket: string } | undefined> {
  const answer = await callApi('auth/login', { username, password });
  if (!('token' in answer)) return { mfaTicket: answer.mfaTicket };
  await startSignedIn(answer.token);
  return undefined;
}

/** The second step: a code from the authenticator app, or a recovery code; the ticket stays good for another try. */
export async function signInWithCode(mfaTicket: string, code: string) {
  await startSignedIn((await callApi('auth/login-2fa', { mfaTicket, code })).token);
}

/** Once the token is stored the sign-in has happened: a failed `me` only leaves the user to be loaded by the app after the reload. */
export async function startSignedIn(token: string) {
  startSession(token);
  await loadCurrentUser();
  reloadPage();
}

// The device's copy of the server's data (docs/design.md §8.6) loads only when it is touched, not with the first screen.
const appData = () => import('#src/features/offline/app-data.ts');

/**
 * The current user for the stored session; when `me` fails, none is stored (docs/product.md §8).
 * Another user's saved price sheet goes now: a shared phone's next user never sees it. A device
 * that cannot store it has nothing to delete, and the sign-in goes on.
 */
export async function loadCurrentUser() {
  const answer = await callApi('me').catch(() => null);
  if (!answer) return;
  storeUser(answer.user);
  await appData()
    .then(({ keepOnlySheetOf }) => keepOnlySheetOf(answer.user.id))
    .catch((error: unknown) => console.error('Could not clear the saved price sheets of other users', error));
}

/** The first part of every key read from `me`: a change of the user's sign-in methods makes them all stale. */
export const meKey = ['me'] as const;
/** Who is signed in, with the id the stored user does not keep (docs/design.md §6): Edit User asks before acting on oneself. */
export const meQuery = queryOptions({ queryKey: meKey, queryFn: async () => (await callApi('me')).user });

/**
 * Logout: the server's answer is ignored, the session and the saved price sheet with every cache
 * of data are dropped, and the login screen loads, with no way back to this screen: the next
 * sign-in may be someone else's.
 */
export async function signOut() {
  stopLiveUpdates();
  await callApi('auth/logout').catch(() => undefined);
  await appData()
    .then(({ forgetAppData }) => forgetAppData())
    .catch((error: unknown) => console.error('Could not delete the saved price sheet', error));
  clearSession();
  reloadPage('/login');
}
